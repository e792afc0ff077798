public enum SchemaPlaceholder {}
