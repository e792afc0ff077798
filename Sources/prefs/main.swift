print("prefs")
