// Entry of the page served at "/": the stylesheet and the small script that makes the pre-rendered
// page interactive; no React (docs/decisions/031-landing-without-react.md). The dev server serves
// landing.html without the build's pre-rendered page: there it is rendered with React instead.
import "#web/styles.css";
import { enhance } from "./enhance.ts";

if (import.meta.env.DEV) void import("./dev-render.tsx");
else enhance();
