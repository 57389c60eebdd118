extension PageScript {
    /// A note rendered as Markdown, built as DOM nodes with `textContent` only (never `innerHTML`
    /// of the user's text): headings, emphasis, inline code, fenced code blocks, lists, and links
    /// whose address is http or https (any other stays text). The note itself is stored and edited
    /// as text. Served after ``text`` in the same `/app.js`.
    static let markdown = #"""
// Inline Markdown: `code`, **strong**, *em* / _em_, [text](http(s)://...). Returns nodes.
function inlineMarkdown(text) {
  const nodes = [];
  const pattern = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)|\*\*(?=\S)([\s\S]*?\S)\*\*|\*(?=\S)([^*]*?\S)\*|\b_(?=\S)([^_]*?\S)_\b|\[([^\]]+)\]\(([^()\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    if (match[1]) nodes.push(el("code", { text: match[2] }));
    else if (match[3] !== undefined) nodes.push(el("strong", {}, ...inlineMarkdown(match[3])));
    else if (match[4] !== undefined) nodes.push(el("em", {}, ...inlineMarkdown(match[4])));
    else if (match[5] !== undefined) nodes.push(el("em", {}, ...inlineMarkdown(match[5])));
    else {
      let url = null;
      try { url = new URL(match[7]); } catch { url = null; }
      if (url && (url.protocol === "http:" || url.protocol === "https:")) {
        nodes.push(el("a", { href: url.href, target: "_blank", rel: "noopener noreferrer nofollow" }, ...inlineMarkdown(match[6])));
      } else nodes.push(document.createTextNode(match[0]));
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

// Block Markdown: # headings (shown from h4 down, under the page's own headings), ``` fences,
// - * + and 1. lists, paragraphs. Returns a <div class="markdown">.
function markdown(text) {
  const root = el("div", { class: "markdown" });
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length) root.append(el("p", {}, ...inlineMarkdown(paragraph.join(" "))));
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      flush(); list = null;
      const code = [];
      for (index++; index < lines.length && !lines[index].trim().startsWith(fence[1]); index++) code.push(lines[index]);
      root.append(el("pre", {}, el("code", { text: code.join("\n") })));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush(); list = null;
      root.append(el("h" + Math.min(6, heading[1].length + 3), {}, ...inlineMarkdown(heading[2])));
      continue;
    }
    const item = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const tag = /\d/.test(item[1]) ? "ol" : "ul";
      if (!list || list.tagName.toLowerCase() !== tag) { list = el(tag, {}); root.append(list); }
      list.append(el("li", {}, ...inlineMarkdown(item[2])));
      continue;
    }
    if (line.trim() === "") { flush(); list = null; continue; }
    if (list && /^\s+\S/.test(line)) { list.lastChild.append(" ", ...inlineMarkdown(line.trim())); continue; }
    list = null;
    paragraph.push(line.trim());
  }
  flush();
  return root;
}
"""#
}

extension PageScript {
    /// The pages' scripts after ``text`` and ``sections``, in the order `/app.js` serves them.
    static var pages: [String] { [markdown, today, lists, problem, focus, stats] }
}
