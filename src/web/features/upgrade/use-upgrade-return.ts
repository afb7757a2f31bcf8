// Back from checkout on /dashboard?upgrade=success|cancelled: a notice, fresh plan and billing data
// (every lock and gate updates), and the parameter taken out of the address so a reload or a
// bookmark does not repeat the notice. The words (and the plan names they use) download only when
// the address carries the parameter, not with every dashboard load.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { notifyInfo, notifySuccess } from "#web/lib/notify.ts";
import { invalidate } from "#web/lib/query-keys.ts";
import { UPGRADE_PARAM } from "./upgrade-params.ts";

export function useUpgradeReturn() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  // Strict mode runs effects twice; one return gets one notice.
  const handled = useRef<string | null>(null);
  const outcome = params.get(UPGRADE_PARAM);

  useEffect(() => {
    if (!outcome) {
      handled.current = null;
      return;
    }
    const key = params.toString();
    if (handled.current === key) return;
    handled.current = key;
    void import("./upgrade-return.ts").then(({ upgradeReturnNotice, withoutUpgradeParams }) => {
      const notice = upgradeReturnNotice(params);
      if (notice) {
        (notice.tone === "success" ? notifySuccess : notifyInfo)(notice.title, notice.description);
        void invalidate(qc, "plan");
      }
      const next = withoutUpgradeParams(params);
      if (next) setParams(next, { replace: true });
    });
  }, [outcome, params, setParams, qc]);
}
