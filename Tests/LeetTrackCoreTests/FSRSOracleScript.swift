import Foundation
import TestSupport

extension FSRSOracle {
    /// Runs the scheduler's oracle script (``fsrsOracleScript``) on `input`; returns its output's path.
    static func run(input: URL, in directory: URL) async throws -> URL {
        try await run(script: fsrsOracleScript, name: "fsrs_oracle.py", input: input, in: directory)
    }
}

/// The Python side of the FSRS reference test, written to a file and run with the oracle's
/// virtual environment. It lives in a Swift string because SwiftPM warns about any file in a
/// test target that is neither source nor declared resource, and this package has no warnings.
///
/// Input (JSON, path in argv[1]): `{"sequences": [{"desired_retention", "maximum_interval",
/// "start_us", "reviews": [{"rating": 1…4, "at_us"}]}]}`, instants in microseconds since the
/// Unix epoch. Output (JSON, path in argv[2]): `{"fsrs_version", "results": [[{"due_us",
/// "stability", "difficulty", "state"}]]}`, one entry per review, in order.
let fsrsOracleScript = #"""
import json
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

from fsrs import Card, Rating, Scheduler

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
MICROSECOND = timedelta(microseconds=1)


def instant(microseconds):
    # Built from a timedelta, not fromtimestamp, so no float rounding enters.
    return EPOCH + timedelta(microseconds=microseconds)


def main(input_path, output_path):
    with open(input_path) as source:
        sequences = json.load(source)["sequences"]
    schedulers = {}
    results = []
    for index, sequence in enumerate(sequences):
        settings = (sequence["desired_retention"], sequence["maximum_interval"])
        if settings not in schedulers:
            schedulers[settings] = Scheduler(
                desired_retention=settings[0],
                maximum_interval=settings[1],
                learning_steps=(),
                relearning_steps=(),
                enable_fuzzing=False,
            )
        scheduler = schedulers[settings]
        # An explicit card_id: without it Card() sleeps a millisecond to make ids unique.
        card = Card(card_id=index + 1, due=instant(sequence["start_us"]))
        steps = []
        for review in sequence["reviews"]:
            card, _ = scheduler.review_card(
                card, Rating(review["rating"]), review_datetime=instant(review["at_us"])
            )
            steps.append(
                {
                    "due_us": (card.due - EPOCH) // MICROSECOND,
                    "stability": card.stability,
                    "difficulty": card.difficulty,
                    "state": int(card.state),
                }
            )
        results.append(steps)
    with open(output_path, "w") as sink:
        json.dump({"fsrs_version": version("fsrs"), "results": results}, sink)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
"""#
