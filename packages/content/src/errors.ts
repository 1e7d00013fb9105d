/**
 * An error in the original's wire shape: a machine-readable `code`, a human `message` and
 * the HTTP `status` a REST response for it carries.
 *
 * @example
 * const error: ErrorShape = { code: 'incorrect_password', message: 'The provided password is an invalid application password.', status: 401 };
 */
export interface ErrorShape {
  readonly code: string;
  readonly message: string;
  readonly status: number;
}

/**
 * Thrown by the content stores on a bad input (duplicate login, unknown role, …). It carries
 * the code and status the matching REST route answers with, so a route can pass it through.
 *
 * @example
 * try {
 *   await users.create({ login: 'admin', email: 'a@example.com', password: 'x' });
 * } catch (error) {
 *   if (error instanceof ContentError) console.log(error.code, error.status); // 'existing_user_login' 400
 * }
 */
export class ContentError extends Error implements ErrorShape {
  override readonly name = 'ContentError';
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }

  /** The plain `{ code, message, status }` of this error. */
  toJSON(): ErrorShape {
    return { code: this.code, message: this.message, status: this.status };
  }
}
