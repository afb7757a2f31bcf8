// One error type for the whole server. `code` is stable and machine-readable, `message` is what a
// person may read (never a stack trace or an internal detail).

export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer of the API. */
export type ErrorBody = {
  error: {
    code: ErrorCode | string;
    message: string;
    fields?: Record<string, string>;
    requiredPlan?: string;
  };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly requiredPlan?: string;
  /** Sent as the Retry-After header: when asking again makes sense. */
  readonly retryAfterSeconds?: number;
  /** Fields sent beside `error` in the body (a 409's current task), already shaped for the reader. */
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      fields?: Record<string, string>;
      requiredPlan?: string;
      retryAfterSeconds?: number;
      cause?: unknown;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = extra.fields;
    this.requiredPlan = extra.requiredPlan;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.extra = extra.extra;
  }

  toBody(): ErrorBody {
    return {
      ...this.extra,
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.requiredPlan ? { requiredPlan: this.requiredPlan } : {}),
      },
    };
  }
}
