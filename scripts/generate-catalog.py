#!/usr/bin/env python3
"""Generates Sources/LeetTrackCore/Catalog/CatalogData.swift from the shipped JSON catalog.

Why a generated Swift source instead of decoding the JSON at run time: decoding 4,029 problems
with JSONDecoder costs about 10 ms, more than a whole Swift process start, and every command
loads the catalog. The generated file holds the catalog as columns of small integers and one
static string of slugs and titles, which the compiler places in the binary's read-only data:
loading costs nothing, and a problem's strings are only built when a command asks for them.
It also keeps a release binary self-contained (no resource bundle to install beside it).

Usage: scripts/generate-catalog.py   (run from anywhere; rewrites the file in place)
"""
import json
import math
import re
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "Sources/LeetTrackCore/Catalog/Data"
OUT = ROOT / "Sources/LeetTrackCore/Catalog/CatalogData.swift"
SECTIONS_OUT = ROOT / "Sources/LeetTrackCore/Catalog/CatalogSectionData.swift"

# Display names of the shipped study lists, in the order they are shown.
LIST_NAMES = {
    "blind-75": "Blind 75",
    "neetcode-150": "NeetCode 150",
    "grind-75": "Grind 75",
    "grind-169": "Grind 169",
    "leetcode-75": "LeetCode 75",
    "top-interview-150": "Top Interview 150",
    "neetcode-all": "NeetCode All",
}
DIFFICULTIES = {"Easy": 0, "Medium": 1, "Hard": 2}
RATINGS = DATA / "ratings/zerotrac-ratings.json"
CONTEST_KINDS = {"Weekly Contest": 0, "Biweekly Contest": 8}


def contest_code(entry) -> int:
    """A contest and question index as one UInt16 (0: none): number * 16, plus 8 for a biweekly
    contest, plus the question's index from 0 (`Q1` is 0). Decoded by `Catalog.contest(at:)`."""
    name, index = entry.get("ContestID_en") or "", entry.get("ProblemIndex") or ""
    for kind, flag in CONTEST_KINDS.items():
        prefix = kind + " "
        if name.startswith(prefix) and name[len(prefix):].isdigit() and re.fullmatch(r"Q[1-8]", index):
            number = int(name[len(prefix):])
            if 0 < number < 4096:
                return number * 16 + flag + int(index[1:]) - 1
    return 0


def ratings_by_position(problems):
    """zerotrac's contest rating of each problem (an integer, 0 for none) and its contest code.

    A rating is taken only where its id and its slug both name the same problem of problems.json:
    a renamed or renumbered problem would otherwise get another problem's rating. Mismatches are
    reported and left unrated. Ratings are rounded to integers: zerotrac's decimals are the
    estimate's noise, not information."""
    entries = json.loads(RATINGS.read_text(encoding="utf-8"))
    position = {p["id"]: i for i, p in enumerate(problems)}
    ratings = [0] * len(problems)
    contests = [0] * len(problems)
    mismatches = []
    for entry in entries:
        rating, pid, slug = entry.get("Rating"), entry.get("ID"), entry.get("TitleSlug")
        if not isinstance(rating, (int, float)) or not math.isfinite(rating) or not 0 < rating < 5000:
            sys.exit(f"zerotrac rating of {pid} is not a rating: {rating!r}")
        index = position.get(pid)
        if index is None or problems[index]["slug"] != slug:
            mismatches.append(f"{pid} {slug} (catalog: {problems[index]['slug'] if index is not None else 'no such id'})")
            continue
        if ratings[index]:
            sys.exit(f"zerotrac rates problem {pid} twice")
        ratings[index] = math.floor(rating + 0.5)
        contests[index] = contest_code(entry)
    for mismatch in mismatches:
        print(f"rating left out, id and slug disagree: {mismatch}", file=sys.stderr)
    return ratings, contests, len(entries) - len(mismatches)


def swift_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    if any(ord(c) < 0x20 for c in escaped):
        sys.exit(f"control character in catalog text: {text!r}")
    return '"' + escaped + '"'


def int_array(name: str, kind: str, values, per_line=24) -> str:
    lines = []
    for start in range(0, len(values), per_line):
        lines.append("        " + ", ".join(str(v) for v in values[start:start + per_line]) + ",")
    return f"    static let {name}: [{kind}] = [\n" + "\n".join(lines) + "\n    ]\n"


def main() -> None:
    problems = json.loads((DATA / "problems.json").read_text(encoding="utf-8"))
    lists = json.loads((DATA / "lists.json").read_text(encoding="utf-8"))
    problems.sort(key=lambda p: p["id"])

    ids = [p["id"] for p in problems]
    if len(set(ids)) != len(ids) or len({p["slug"] for p in problems}) != len(problems):
        sys.exit("duplicate id or slug in problems.json")
    if max(ids) > 65535:
        sys.exit("an id does not fit in UInt16")

    tag_names = sorted({t for p in problems for t in p["tags"]})
    tag_index = {t: i for i, t in enumerate(tag_names)}
    category_names = sorted({p["category"] for p in problems})
    category_index = {c: i for i, c in enumerate(category_names)}
    if len(tag_names) > 255 or len(category_names) > 255:
        sys.exit("too many tags or categories for UInt8")

    text = ""
    text_starts = []
    tag_starts = [0]
    tag_refs = []
    for p in problems:
        for part in (p["slug"], p["title"]):
            text_starts.append(len(text.encode("utf-8")))
            text += part
        tag_refs += [tag_index[t] for t in p["tags"]]
        tag_starts.append(len(tag_refs))
    text_starts.append(len(text.encode("utf-8")))

    slug_order = sorted(range(len(problems)), key=lambda i: problems[i]["slug"].encode("utf-8"))
    position = {p["slug"]: i for i, p in enumerate(problems)}
    for key in lists:
        if key not in LIST_NAMES:
            sys.exit(f"lists.json has a list without a display name here: {key}")
        for slug in lists[key]:
            if slug not in position:
                sys.exit(f"list {key} names an unknown slug: {slug}")

    ratings, contests, rated = ratings_by_position(problems)

    out = []
    out.append("// Generated by scripts/generate-catalog.py from Catalog/Data/problems.json, lists.json and\n")
    out.append("// ratings/zerotrac-ratings.json (MIT, see ratings/LICENSE).\n")
    out.append("// Do not edit: change the JSON and run the script again.\n")
    out.append("// swift-format-ignore-file\n\n")
    out.append("/// The shipped catalog as columns (see `scripts/generate-catalog.py` for why it is generated).\n")
    out.append("///\n/// Problem `i` (0-based, in id order) has `ids[i]`, `difficulties[i]` (0 easy, 1 medium, 2 hard),\n")
    out.append("/// `paidOnly[i]` (0 or 1), `categories[i]` (an index into `categoryNames`), `acceptanceHundredths[i]`,\n")
    out.append("/// the tags `tagRefs[tagStarts[i]..<tagStarts[i + 1]]` (indices into `tagNames`), its slug at the\n")
    out.append("/// UTF-8 bytes `textStarts[2i]..<textStarts[2i + 1]` of `text` and its title at\n")
    out.append("/// `textStarts[2i + 1]..<textStarts[2i + 2]`. `slugOrder` lists the problems sorted by slug bytes.\n")
    out.append("/// `ratings[i]` is zerotrac's contest rating rounded (0: unrated) and `contests[i]` its contest\n")
    out.append("/// (0: none; number * 16, + 8 when biweekly, + the question's index from 0).\n")
    out.append("enum CatalogData {\n")
    out.append(f"    static let count = {len(problems)}\n")
    counts = [sum(1 for p in problems if DIFFICULTIES[p["difficulty"]] == rank) for rank in range(3)]
    out.append(f"    /// How many problems are easy, medium and hard.\n    static let difficultyCounts = {counts}\n")
    out.append(int_array("ids", "UInt16", ids))
    out.append(int_array("difficulties", "UInt8", [DIFFICULTIES[p["difficulty"]] for p in problems], 48))
    out.append(int_array("paidOnly", "UInt8", [1 if p["paidOnly"] else 0 for p in problems], 48))
    out.append(int_array("categories", "UInt8", [category_index[p["category"]] for p in problems], 48))
    out.append(int_array("acceptanceHundredths", "UInt16", [round(p["acceptance"] * 100) for p in problems]))
    out.append(int_array("tagStarts", "UInt16", tag_starts))
    out.append(int_array("tagRefs", "UInt8", tag_refs, 32))
    out.append(int_array("textStarts", "UInt32", text_starts, 16))
    out.append(int_array("slugOrder", "UInt16", slug_order))
    out.append(f"    /// How many problems have a contest rating.\n    static let ratedCount = {rated}\n")
    out.append(int_array("ratings", "UInt16", ratings))
    out.append(int_array("contests", "UInt16", contests))
    out.append("    static let tagNames: [String] = [\n")
    out += [f"        {swift_string(t)},\n" for t in tag_names]
    out.append("    ]\n")
    out.append("    static let categoryNames: [String] = [" + ", ".join(swift_string(c) for c in category_names) + "]\n")
    out.append("    /// The study lists: key, display name, and the positions of their problems in source order.\n")
    out.append("    static let lists: [(key: String, name: String, problems: [UInt16])] = [\n")
    for key in LIST_NAMES:
        if key not in lists:
            continue
        positions = ", ".join(str(position[s]) for s in lists[key])
        out.append(f"        ({swift_string(key)}, {swift_string(LIST_NAMES[key])}, [{positions}]),\n")
    out.append("    ]\n")
    out.append("    /// Every slug and title, back to back, with no separators.\n")
    out.append("    static let text: StaticString = " + swift_string(text) + "\n")
    out.append("}\n")
    OUT.write_text("".join(out), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(problems)} problems ({rated} rated), {len(tag_names)} tags, {len(lists)} lists")
    write_sections(lists)


def write_sections(lists) -> None:
    """Writes CatalogSectionData.swift from sections.json: each sectioned list's section names and
    sizes. A list's sections cover exactly its problems in its order, so a section is a run of the
    list (no slug is stored twice), and the file is only read by commands that show sections."""
    sections = json.loads((DATA / "sections.json").read_text(encoding="utf-8"))
    out = ["// Generated by scripts/generate-catalog.py from Catalog/Data/sections.json and lists.json.\n",
           "// Do not edit: change the JSON and run the script again.\n",
           "// swift-format-ignore-file\n\n",
           "/// The topic sections of the lists that have them: each list's section names and how many of\n",
           "/// the list's problems, in its order, each section holds (see `CatalogSections.swift`).\n",
           "enum CatalogSectionData {\n",
           "    static let sections: [(list: String, names: [String], counts: [UInt16])] = [\n"]
    for key in LIST_NAMES:
        if key not in sections:
            continue
        flat = [slug for section in sections[key] for slug in section["slugs"]]
        if key not in lists or flat != lists[key]:
            sys.exit(f"the sections of {key} do not cover exactly the list's problems in its order")
        names = ", ".join(swift_string(section["name"]) for section in sections[key])
        counts = ", ".join(str(len(section["slugs"])) for section in sections[key])
        out.append(f"        ({swift_string(key)}, [{names}], [{counts}]),\n")
    unknown = set(sections) - set(LIST_NAMES)
    if unknown:
        sys.exit(f"sections.json has sections of lists that do not ship: {sorted(unknown)}")
    out.append("    ]\n}\n")
    SECTIONS_OUT.write_text("".join(out), encoding="utf-8")
    print(f"wrote {SECTIONS_OUT.relative_to(ROOT)}: sections of {len(sections)} lists")


if __name__ == "__main__":
    main()
