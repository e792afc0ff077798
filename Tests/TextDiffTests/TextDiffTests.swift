// Tests of line differences.
