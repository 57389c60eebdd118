"""A stand-in for https://leetcode.com/graphql/ that answers in LeetCode's shapes, for tests.

    python3 fake_leetcode.py SCENARIO

prints the port it listens on (127.0.0.1), then serves until killed. Scenarios:
  normal           two pages of problems (a renamed slug, a paid problem), progress, recent solves, daily
  expired          the session is refused: userStatus says not signed in
  expired-midway   signed in, then userProgressQuestionList answers LeetCode's "not logged in" error
  throttled        the first problem page is answered 429 (Retry-After: 1), then served
  unavailable      the problem list always answers 503 (Retry-After: 0), so the retries run out
  malformed        the second problem page is cut off in the middle
  silent           accepts connections and never answers
  challenged       every query is answered 403 with Cloudflare's "Just a moment..." challenge page,
                   unless the request carries the cf_clearance cookie CLEARANCE
  judge-hangs      the judge's check answers "STARTED" until the file `release` is in the state folder
  judge-throttled  interpret_solution and submit always answer 429 (Retry-After: 0)
  question-malformed  question(titleSlug:) answers JSON cut off in the middle
  question-hostile    question(titleSlug:) answers a snippet with an escape sequence in it
  question-fails-once the first question request for valid-parentheses answers HTTP 400 (a failing middle request)
  question-throttled  the first question request answers 429 (Retry-After: 1), then they are served
  question-stalls     question requests for valid-parentheses never answer (the client is killed meanwhile)
  history          as normal, but the progress page and the recent solves are the test's own: the
                   JSON files `progress` and `recent` in the state folder (LeetCode's entries),
                   paged by the limit the client asks for, as LeetCode does
Requests without a leettrack User-Agent are refused (HTTP 400), so the tests check it too.

The judge (REST: /problems/SLUG/interpret_solution/, /problems/SLUG/submit/, then GET
/submissions/detail/ID/check/) judges by what the code contains: WRONG gives a wrong answer
(40/63), SLOW a time limit, COMPILE_ERROR a compile error, HOSTILE a verdict with terminal escapes,
TOO_LONG a refusal in words (HTTP 400); anything else is accepted. Every submission received is appended to `submits` in the folder
FAKE_LEETCODE_STATE names (when set).
"""
import os
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SESSION = "sEcReT-session-3f9a7c21"
TOKEN = "sEcReT-csrf-81b2e6d4"
SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "normal"
PAGE = 2  # Fewer than the client asks for, as a server may do: the client pages by what it gets.

PROBLEMS = [
    {"acRate": 55.1, "difficulty": "Easy", "questionFrontendId": "1", "paidOnly": False, "status": "ac",
     "title": "Two Sum", "titleSlug": "two-sum", "topicTags": [{"name": "Array", "slug": "array"}]},
    # Add Two Numbers under a new slug: the client must follow the rename.
    {"acRate": 44.0, "difficulty": "Medium", "questionFrontendId": "2", "paidOnly": False, "status": "notac",
     "title": "Add Two Numbers", "titleSlug": "add-two-numbers-renamed",
     "topicTags": [{"name": "Linked List", "slug": "linked-list"}]},
    {"acRate": 31.5, "difficulty": "Hard", "questionFrontendId": "9500", "paidOnly": True, "status": None,
     "title": "Paid Fresh Problem", "titleSlug": "paid-fresh-problem", "topicTags": [{"name": "Graph", "slug": "graph"}]},
]

PROGRESS = [
    {"frontendId": "1", "title": "Two Sum", "titleSlug": "two-sum", "difficulty": "EASY",
     "lastSubmittedAt": "2025-11-24T16:00:00+00:00", "numSubmitted": 2, "questionStatus": "SOLVED", "lastResult": "AC"},
    {"frontendId": "2", "title": "Add Two Numbers", "titleSlug": "add-two-numbers-renamed", "difficulty": "MEDIUM",
     "lastSubmittedAt": "2025-11-13T02:13:20+00:00", "numSubmitted": 1, "questionStatus": "ATTEMPTED", "lastResult": "WA"},
    # LeetCode's clients treat lastSubmittedAt as nullable; the captured shape also carries topicTags.
    {"frontendId": "20", "title": "Valid Parentheses", "titleSlug": "valid-parentheses", "difficulty": "EASY",
     "lastSubmittedAt": None, "numSubmitted": 1, "questionStatus": "SOLVED", "lastResult": "AC", "topicTags": []},
]

RECENT = [{"id": "1500000001", "title": "Two Sum", "titleSlug": "two-sum", "timestamp": "1763900000"}]

DAILY = {"date": "2025-11-29", "link": "/problems/lru-cache/", "question": {
    "acRate": 45.2, "difficulty": "Medium", "questionFrontendId": "146", "paidOnly": False, "status": None,
    "title": "LRU Cache", "titleSlug": "lru-cache", "topicTags": [{"name": "Design", "slug": "design"}]}}

CLEARANCE = "sEcReT-cf-clearance-77aa"

# question(titleSlug:) answers, in LeetCode's shape (checked against kawre/leetcode.nvim and
# leetcode-query). The text is made up for the tests: LeetCode's own statements stay out of the repository.
STATEMENTS = {
    "two-sum": {
        "questionId": "1", "questionFrontendId": "1", "title": "Two Sum", "titleSlug": "two-sum", "isPaidOnly": False,
        "content": ('<p>Given an array <code>nums</code> of integers and a number <code>target</code>, '
                    'return the <em>indices</em> of the two numbers that add up to <code>target</code>.</p>\n'
                    '<p>&nbsp;</p>\n<p><strong class="example">Example 1:</strong></p>\n'
                    '<pre>\n<strong>Input:</strong> nums = [1,4,6], target = 10\n<strong>Output:</strong> [1,2]\n</pre>\n'
                    '<p><strong>Constraints:</strong></p>\n<ul>\n\t<li><code>2 &lt;= nums.length &lt;= 10<sup>4</sup></code></li>\n'
                    '\t<li><code>-10<sup>9</sup> &lt;= nums[i] &lt;= 10<sup>9</sup></code></li>\n</ul>\n'
                    '<script>alert(1)</script><img src="https://assets.leetcode.com/uploads/sum.png" alt="pairs" onerror="alert(2)">'),
        "codeSnippets": [
            {"lang": "Python3", "langSlug": "python3",
             "code": "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        "},
            {"lang": "C++", "langSlug": "cpp",
             "code": "class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n        \n    }\n};"},
        ],
        "exampleTestcaseList": ["[1,4,6]\n10", "[3,3]\n6"], "exampleTestcases": "[1,4,6]\n10\n[3,3]\n6",
        "hints": ["Try every pair first.", "A <b>hash map</b> remembers what you have seen."],
        "similarQuestions": json.dumps([{"title": "Valid Parentheses", "titleSlug": "valid-parentheses", "difficulty": "Easy",
                                         "translatedTitle": None}]),
        "metaData": json.dumps({"name": "twoSum", "params": [{"name": "nums", "type": "integer[]"},
                                                             {"name": "target", "type": "integer"}], "return": {"type": "integer[]"}}),
    },
}


# Paid-only problems, answered as to a user without a subscription (content null).
PAID_SLUGS = {"binary-tree-upside-down", "paid-fresh-problem", "read-n-characters-given-read4"}


def question_for(slug):
    """The question of `slug`: the one above, a paid-only one without its statement, null for an
    unknown slug, else a made-up statement for any other slug (so that lists can be fetched)."""
    if slug in STATEMENTS:
        return STATEMENTS[slug]
    if slug == "no-such-problem":
        return None
    number = str(sum(ord(c) for c in slug))
    title = slug.replace("-", " ").title()
    base = {"questionId": number, "questionFrontendId": number, "title": title, "titleSlug": slug,
            "isPaidOnly": slug in PAID_SLUGS, "content": f"<p>The statement of <code>{slug}</code>.</p>",
            "codeSnippets": [{"lang": "Python3", "langSlug": "python3", "code": "class Solution:\n    pass\n"}],
            "exampleTestcaseList": ["1"], "exampleTestcases": "1", "hints": [], "similarQuestions": "[]", "metaData": "{}"}
    if base["isPaidOnly"]:
        base.update({"content": None, "codeSnippets": None, "exampleTestcaseList": [], "hints": [], "metaData": None})
    return base


state = {"throttled": False, "question-failed": False}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def cleared(self):
        return f"cf_clearance={CLEARANCE}" in self.headers.get("Cookie", "")

    def signed_in(self):
        cookie = self.headers.get("Cookie", "")
        return (f"LEETCODE_SESSION={SESSION}" in cookie and f"csrftoken={TOKEN}" in cookie
                and self.headers.get("x-csrftoken") == TOKEN and SCENARIO != "expired")

    def do_GET(self):
        return judge_request(self, "GET", None)

    def do_POST(self):
        if not self.path.startswith("/graphql"):
            length = int(self.headers.get("Content-Length", "0"))
            return judge_request(self, "POST", json.loads(self.rfile.read(length) or b"{}"))
        if SCENARIO == "silent":
            time.sleep(120)
            return
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        if not self.headers.get("User-Agent", "").startswith("leettrack/"):
            return self.send(400, {"error": "no User-Agent"})
        query = request.get("query", "")
        variables = request.get("variables") or {}
        if SCENARIO == "challenged" and not self.cleared():
            # What leetcode.nvim users saw (kawre/leetcode.nvim#138): an HTML bot check, not an expired session.
            page = (b'<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>'
                    b'<body><div id="challenge-error-text">Enable JavaScript and cookies to continue</div></body></html>')
            self.send_response(403)
            self.send_header("Content-Type", "text/html; charset=UTF-8")
            self.send_header("Content-Length", str(len(page)))
            self.send_header("cf-mitigated", "challenge")
            self.end_headers()
            self.wfile.write(page)
            return
        if "userStatus" in query:
            signed = self.signed_in()
            return self.send(200, {"data": {"userStatus": {"username": "alice" if signed else "", "isSignedIn": signed}}})
        if "question(titleSlug" in query:
            slug = variables.get("titleSlug", "")
            if SCENARIO == "question-malformed":
                return self.send(200, b'{"data": {"question": {"questionId": "1", "questionFrontendId": "1", "title": "Two')
            if SCENARIO == "question-fails-once" and slug == "valid-parentheses":
                with lock:
                    if not state["question-failed"]:
                        state["question-failed"] = True
                        return self.send(400, b"Bad Request")
            if SCENARIO == "question-stalls" and slug == "valid-parentheses":
                time.sleep(120)
                return
            if SCENARIO == "question-throttled":
                with lock:
                    if not state["throttled"]:
                        state["throttled"] = True
                        return self.send(429, b"Too Many Requests", [("Retry-After", "1")])
            question = question_for(slug)
            if SCENARIO == "question-hostile" and question:
                question = dict(question, codeSnippets=[{"lang": "Python3", "langSlug": "python3",
                                                        "code": "class Solution:\n    # \u001b]0;owned\u0007\n"}])
            return self.send(200, {"data": {"question": question}})
        if "activeDailyCodingChallengeQuestion" in query:
            return self.send(200, {"data": {"activeDailyCodingChallengeQuestion": DAILY}})
        if not self.signed_in():
            return self.send(200, {"errors": [{"message": "User is not logged in", "locations": [{"line": 2, "column": 3}],
                                               "path": [query.split("(")[0].split()[-1]]}], "data": None})
        if "questionList" in query:
            skip = variables.get("skip", 0)
            with lock:
                if SCENARIO == "throttled" and not state["throttled"]:
                    state["throttled"] = True
                    return self.send(429, b"Too Many Requests", [("Retry-After", "1")])
            if SCENARIO == "unavailable":
                return self.send(503, b"<html>Service Unavailable</html>", [("Retry-After", "0")])
            if SCENARIO == "malformed" and skip > 0:
                return self.send(200, b'{"data": {"problemsetQuestionList": {"total": 3, "questions": [{"questionFron')
            page = PROBLEMS[skip:skip + PAGE]
            return self.send(200, {"data": {"problemsetQuestionList": {"total": len(PROBLEMS), "questions": page}}})
        if "userProgressQuestionList" in query:
            if SCENARIO == "expired-midway":
                return self.send(200, {"errors": [{"message": "User is not logged in", "locations": [{"line": 2, "column": 3}],
                                                   "path": ["userProgressQuestionList"]}],
                                       "data": {"userProgressQuestionList": None}})
            filters = variables.get("filters") or {}
            skip = filters.get("skip", 0)
            progress = state_file("history-progress", PROGRESS)
            size = filters.get("limit", PAGE) if SCENARIO == "history" else PAGE
            page = progress[skip:skip + size]
            return self.send(200, {"data": {"userProgressQuestionList": {"totalNum": len(progress), "questions": page}}})
        if "recentAcSubmissionList" in query:
            if STATE_DIR:
                with open(os.path.join(STATE_DIR, "recent"), "a") as log:
                    log.write("recentAcSubmissionList\n")
            return self.send(200, {"data": {"recentAcSubmissionList": state_file("history-recent", RECENT)[:20]}})
        return self.send(400, {"errors": [{"message": "Unknown query"}]})


# SUBMISSIONS: the judge's REST routes, in the shapes j178/leetgo and clearloop/leetcode-cli read.

SUBMISSIONS = {"next": 1500000100, "runs": {}}
STATE_DIR = os.environ.get("FAKE_LEETCODE_STATE", "")


def state_file(name, default):
    """In the `history` scenario, the test's own entries from the state folder's file `name`."""
    if SCENARIO != "history" or not STATE_DIR:
        return default
    with open(os.path.join(STATE_DIR, name)) as entries:
        return json.load(entries)



def verdict(code, run, cases):
    if "COMPILE_ERROR" in code:
        return {"status_code": 20, "status_msg": "Compile Error", "compile_error": "Line 3: SyntaxError: invalid syntax",
                "full_compile_error": "Line 3: SyntaxError: invalid syntax\n    return [i, j\n               ^"}
    if "HOSTILE" in code:
        return {"status_code": 10, "status_msg": "Accepted\u001b]52;c;aGk=\u0007", "total_correct": 1, "total_testcases": 1}
    if run:
        # The answers to the kept statement's examples (two-sum: [1,4,6] 10, then [3,3] 6).
        answers = ["[1,2]", "[0,1]", "[0,1]"][:cases]
        mine = list(answers)
        if "WRONG" in code and len(mine) > 1:
            mine[1] = "[1,1]"
        compare = "".join("1" if a == b else "0" for a, b in zip(mine, answers))
        return {"status_code": 10, "status_msg": "Accepted", "code_answer": mine, "expected_code_answer": answers,
                "compare_result": compare, "correct_answer": mine == answers, "total_correct": compare.count("1"),
                "total_testcases": cases, "std_output_list": ["", "checking i=1\x1b[31m", ""][:cases],
                "code_output": ["", "checking i=1", ""][:cases], "run_success": True}
    if "WRONG" in code:
        return {"status_code": 11, "status_msg": "Wrong Answer", "total_correct": 40, "total_testcases": 63,
                "last_testcase": "[3,2,4]\n6", "expected_output": "[1,2]", "code_output": "[0,2]", "std_output": "checking"}
    if "SLOW" in code:
        return {"status_code": 14, "status_msg": "Time Limit Exceeded", "total_correct": 12, "total_testcases": 63,
                "last_testcase": "[1,1,1]\n2"}
    return {"status_code": 10, "status_msg": "Accepted", "total_correct": 63, "total_testcases": 63,
            "status_runtime": "3 ms", "runtime_percentile": 91.25, "status_memory": "17.9 MB", "memory_percentile": 55.0}


def judge_request(handler, method, body):
    if not handler.headers.get("User-Agent", "").startswith("leettrack/"):
        return handler.send(400, {"error": "no User-Agent"})
    if SCENARIO == "challenged" and not handler.cleared():
        page = b'<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>'
        return handler.send(403, page, [("cf-mitigated", "challenge")])
    if not handler.signed_in():
        return handler.send(403, {"detail": "Authentication credentials were not provided."})
    parts = [part for part in handler.path.split("?")[0].split("/") if part]
    if method == "POST" and len(parts) == 3 and parts[0] == "problems" and parts[2] in ("interpret_solution", "submit"):
        if handler.headers.get("Referer") != f"https://leetcode.com/problems/{parts[1]}/":
            return handler.send(400, {"error": "missing Referer"})
        if SCENARIO == "judge-throttled":
            return handler.send(429, {"error": "You have attempted to run code too soon."}, [("Retry-After", "0")])
        question = question_for(parts[1])
        if question is None or str(body.get("question_id")) != question["questionId"] or not body.get("lang"):
            return handler.send(400, {"error": "bad question_id or lang"})
        if "TOO_LONG" in body.get("typed_code", ""):
            return handler.send(400, {"error": "Your code is too long."})
        run = parts[2] == "interpret_solution"
        with lock:
            number = SUBMISSIONS["next"]
            SUBMISSIONS["next"] += 1
            cases = max(1, len((body.get("data_input") or "").split("\n")) // 2)
            SUBMISSIONS["runs"][str(number) if not run else f"runcode_{number}.5_x"] = {
                "verdict": verdict(body.get("typed_code", ""), run, cases), "looks": 0}
            if not run and STATE_DIR:
                with open(os.path.join(STATE_DIR, "submits"), "a") as log:
                    log.write(f"{number} {parts[1]} {body.get('lang')}\n")
        if run:
            return handler.send(200, {"interpret_id": f"runcode_{number}.5_x", "test_case": body.get("data_input", "")})
        return handler.send(200, {"submission_id": number})
    if method == "GET" and len(parts) == 4 and parts[:2] == ["submissions", "detail"] and parts[3] == "check":
        with lock:
            entry = SUBMISSIONS["runs"].get(parts[2])
            if entry is None and parts[2].isdigit() and not parts[2].startswith("9"):
                # A submission another run of this server took: judged accepted, as LeetCode would still know it
                # (one starting with 9 it never knew).
                entry = SUBMISSIONS["runs"].setdefault(parts[2], {"verdict": verdict("", False, 1), "looks": 1})
            if entry is None:
                return handler.send(404, {"error": "no such submission"})
            entry["looks"] += 1
            released = STATE_DIR and os.path.exists(os.path.join(STATE_DIR, "release"))
            if entry["looks"] == 1 or (SCENARIO == "judge-hangs" and not released):
                return handler.send(200, {"state": "STARTED"})
            return handler.send(200, dict(entry["verdict"], state="SUCCESS", submission_id=parts[2]))
    return handler.send(404, {"error": "not found"})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
