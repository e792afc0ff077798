/// How a cell is drawn. Colours are the 8 ANSI ones, so `NO_COLOR` and
/// `TERM=dumb` can drop them and keep the rest (bold, inverse).
public struct Style: Sendable, Hashable {
  public enum Color: UInt8, Sendable, Hashable {
    case black = 0
    case red, green, yellow, blue, magenta, cyan, white
  }

  public var foreground: Color?
  public var bold: Bool
  public var dim: Bool
  public var inverse: Bool
  public var underline: Bool

  public init(
    foreground: Color? = nil, bold: Bool = false, dim: Bool = false, inverse: Bool = false,
    underline: Bool = false
  ) {
    self.foreground = foreground
    self.bold = bold
    self.dim = dim
    self.inverse = inverse
    self.underline = underline
  }

  public static let plain = Style()

  /// The same style without colour.
  public var withoutColor: Style {
    var style = self
    style.foreground = nil
    return style
  }
}
