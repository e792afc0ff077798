/// Edits to a Settings bundle's own plists and `.strings` tables that keep the file's
/// format, layout and comments, and change only the bytes that change.
public enum BundleEdit {}
