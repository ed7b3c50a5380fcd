/** A canonical uuid: anything else is refused before it reaches a uuid column (where it would fail as a server error). */
export const isGuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
