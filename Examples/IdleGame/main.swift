print("example being written")
