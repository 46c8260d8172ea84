print("scanout-bench: not yet")
