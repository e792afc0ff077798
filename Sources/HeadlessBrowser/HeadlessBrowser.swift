/// A headless Chromium found on the machine and driven over its DevTools pipe.
public enum HeadlessBrowser {}
