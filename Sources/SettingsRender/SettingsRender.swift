/// The pages of a Settings bundle drawn as the Settings app draws them: self-contained
/// HTML and one SVG picture per page.
public enum SettingsRender {}
