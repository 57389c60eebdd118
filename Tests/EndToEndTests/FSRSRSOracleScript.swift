/// The Python side of the optimizer's comparison with fsrs-rs (`fsrs-rs-python`), written to a
/// file and run in the oracle's environment (``FSRSOracle``). It lives in a Swift string because
/// SwiftPM warns about any file in a test target that is neither source nor declared resource.
///
/// Input (JSON, argv[1]): `{"items": [[[grade, elapsed_days], …], …], "parameters": [21]}`, the
/// predictions in LeetTrack's order (which sets the recency weights) and LeetTrack's fit. Output
/// (JSON, argv[2]): `{"fsrs_rs_python", "items", "parameters": fsrs-rs's fit, "theirs", "ours",
/// "defaults": {"logLoss", "rmse"}}`, each set evaluated by fsrs-rs on the same items.
let fsrsRSOracleScript = #"""
import json
import sys
from importlib.metadata import version

from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview


def main(input_path, output_path):
    with open(input_path) as source:
        data = json.load(source)
    items = [FSRSItem([FSRSReview(grade, days) for grade, days in item]) for item in data["items"]]
    theirs = FSRS(DEFAULT_PARAMETERS).compute_parameters(items)

    def metrics(parameters):
        evaluation = FSRS(list(parameters)).evaluate(items)
        return {"logLoss": evaluation.log_loss, "rmse": evaluation.rmse_bins}

    result = {
        "fsrs_rs_python": version("fsrs-rs-python"),
        "items": len(items),
        "parameters": theirs,
        "theirs": metrics(theirs),
        "ours": metrics(data["parameters"]),
        "defaults": metrics(DEFAULT_PARAMETERS),
    }
    with open(output_path, "w") as sink:
        json.dump(result, sink)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
"""#
