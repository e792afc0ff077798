// Tests of .prefs.yml reading.
