/// A namespace for symbols related to subscriptions.
public enum Subscriptions {}
