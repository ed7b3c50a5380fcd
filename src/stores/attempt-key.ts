/**
 * One Idempotency-Key per attempt the user means as one (an opening of a dialog): a double
 * click, or a retry after a lost answer, repeats the same request and is answered with the first
 * one's result. A refusal frees the key on the server, so a corrected form can be sent with it again.
 */
export function attemptKey() {
  let key = '';
  const renew = () => {
    key = crypto.randomUUID();
    return key;
  };
  return { renew, get: () => key || renew() };
}
