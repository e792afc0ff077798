// Line differences between two texts.
