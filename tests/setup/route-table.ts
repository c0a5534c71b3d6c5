import routes from '#app/routes.ts'
import { matcherOf, type RouteNode } from '#server/canonical-address.ts'

// The route table as the build has it: the root route around every entry of app/routes.ts, matched
// as the server matches an address before its guards and limits choose.
type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] }
const withIds = (entries: Entry[]): RouteNode[] =>
	entries.map(({ children, ...entry }) => ({
		...entry,
		id: entry.id ?? entry.file,
		...(children?.length ? { children: withIds(children) } : {}),
	}))

export const builtMatcher = () => matcherOf([{ id: 'root', path: '', children: withIds(routes as Entry[]) }])
