print("leettrack-bench: not built yet")
