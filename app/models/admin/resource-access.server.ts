import { data, type RouterContextProvider } from 'react-router'
import { resourceFromPath, type Resource } from '#app/utils/admin-resources.ts'
import { requireAdmin, requireStaff } from '../staff/access.server.ts'
import type { Staff } from '../staff/session.server.ts'

// The guard of every records screen: who may touch which record type.
export function requireResource(request: Request, context: Readonly<RouterContextProvider>): { resource: Resource; staff: Staff } {
	const resource = resourceFromPath(new URL(request.url).pathname)
	const staff = requireStaff(request, context)
	if (!resource) throw data({ error: 'Not found' }, { status: 404 })
	if (resource.adminOnly) requireAdmin(request, context)
	return { resource, staff }
}

export function parseRecordId(value: string | undefined): number {
	const id = Number(value)
	if (!Number.isSafeInteger(id) || id < 1) throw data({ error: 'Not found' }, { status: 404 })
	return id
}
