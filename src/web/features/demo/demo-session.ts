// Where the tab remembers a running demo preview (the banner reads it without the start call's code).
export const DEMO_SESSION_KEY = "kairo-demo";
