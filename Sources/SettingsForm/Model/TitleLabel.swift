/// A row's title followed by what it shows, as the plain form and the search
/// list write it: "Theme: Dark". A title that already ends in a colon
/// ("Open maps in:", "地图：") gets no second one.
///
/// ```swift
/// TitleLabel.joined("Theme", "Dark")          // "Theme: Dark"
/// TitleLabel.joined("Open maps in:", "Safari")  // "Open maps in: Safari"
/// ```
public enum TitleLabel {
  public static func joined(_ title: String, _ text: String) -> String {
    if title.hasSuffix("：") { return title + text }
    if title.hasSuffix(":") { return title + " " + text }
    return title + ": " + text
  }
}
