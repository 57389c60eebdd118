print("leettrack: not built yet")
