// A stored file's or document's id as the site makes them (randomUUID): anything else in an
// address is no such thing, and is answered before the database is asked.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const isUuid = (value: string) => UUID.test(value)
