// The parameters checkout puts on the dashboard's address when it sends the browser back.
export const UPGRADE_PARAM = "upgrade";
/** Carried on the success address so the notice can name the plan bought. */
export const UPGRADE_PLAN_PARAM = "plan";
