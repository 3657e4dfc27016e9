print("imsdk")
