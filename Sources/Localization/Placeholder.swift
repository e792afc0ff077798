public enum LocalizationPlaceholder {}
