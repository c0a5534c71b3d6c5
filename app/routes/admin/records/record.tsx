import { useRef, useState } from 'react'
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/record'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { DraftKeeper } from '#app/components/admin/draft-keeper.tsx'
import { FieldInput, type FormValue } from '#app/components/admin/fields.tsx'
import { discardDraft, findDraft } from '#app/models/drafts.server.ts'
import { loadOptions } from '#app/models/records/options.server.ts'
import { RECORD_STORES } from '#app/models/records/registry.server.ts'
import { deleteRecordForm, parseRecordId, requireResource, saveRecordForm } from '#app/http/records.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'
import { listSessions } from '#app/models/staff/session.server.ts'
import { invitedAtOf } from '#app/models/staff/invitation.server.ts'
import { InviteAgain } from '#app/components/admin/invite-again.tsx'
import { getSettings } from '#app/models/site.server.ts'
import type { Field, OptionSource } from '#app/models/records/definition.ts'
import { formValues, RESOURCES } from '#app/models/records/registry.ts'
import { getDb } from '#app/http/context.server.ts'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { notFound } from '#app/http/responses.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { resource, staff } = requireResource(request, context)
	const db = getDb(context)
	const id = params.id ? parseRecordId(params.id) : null
	const record = id ? await RECORD_STORES[resource.name].find(db, id) : null
	if (id && !record) throw notFound()
	const sources = resource.fields.flatMap((field) => (field.options ? [field.options] : [])) as OptionSource[]
	const options = await loadOptions(db, resolveAdminLocale(request), sources)
	const sessionCount = resource.name === 'users' && id ? (await listSessions(db, id)).length : null
	const invitedAt = resource.name === 'users' && id ? await invitedAtOf(db, id) : null
	const { editorAutosave: autosave } = await getSettings(db)
	const found = autosave ? await findDraft(db, staff.id, formPathOf(request)) : null
	const draft = found && {
		savedAt: found.updatedAt.toISOString(),
		values: formValues(resource, new URLSearchParams(found.entries)) as Record<string, FormValue>,
	}
	return {
		name: resource.name,
		id,
		record: record ?? defaultsFor(resource.fields),
		options,
		sessionCount,
		invitedAt: invitedAt?.toISOString() ?? null,
		autosave,
		draft,
	}
}

const formPathOf = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, '')

export async function action({ request, params, context }: Route.ActionArgs) {
	const { resource, staff } = requireResource(request, context)
	const id = params.id ? parseRecordId(params.id) : null
	if (request.method === 'DELETE' && id) return deleteRecordForm({ context, resource, staff, id })
	if (request.method === 'POST') {
		const result = await saveRecordForm({ request, context, resource, staff, id })
		// Saved: the draft has done its work.
		if (result instanceof Response && result.status >= 300 && result.status < 400)
			await discardDraft(getDb(context), staff.id, formPathOf(request))
		return result
	}
	throw data({ error: 'Method not allowed' }, { status: 405 })
}

function defaultsFor(fields: Field[]): Record<string, FormValue> {
	return Object.fromEntries(
		fields.map((field) => [field.name, field.kind === 'checkbox' ? field.name === 'active' : null]),
	)
}

export default function RecordForm() {
	const { name, id, record, options, sessionCount, invitedAt, autosave, draft } = useLoaderData<typeof loader>()
	const form = useRef<HTMLFormElement>(null)
	// A restored draft becomes the form's values; the form is drawn anew to show them.
	const [restored, setRestored] = useState<Record<string, FormValue> | null>(null)
	const location = useLocation()
	const result = useActionData<typeof action>()
	const resource = RESOURCES[name]
	const { t } = useAdminI18n()
	const isSaving = useNavigation().state === 'submitting'
	const errors: Record<string, string | undefined> = result && 'errors' in result ? result.errors : {}
	const values: Record<string, FormValue> = {
		...record,
		...restored,
		...(result && 'values' in result ? (result.values as Record<string, FormValue>) : {}),
	}
	const errorCount = Object.keys(errors).length
	const title = id ? t('actions.edit', { thing: t(resource.singular) }) : t(resource.newTitle)
	const hasImage = resource.fields.some((field) => field.kind === 'image')
	return (
		<section>
			<title>{`${title} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{title}</h1>
				{id && <ConfirmDelete action={`/admin/${name}/${id}`} name={String(values[resource.fields[0]!.name] ?? '')} />}
			</div>
			{errorCount > 0 && (
				<p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
					{errors._form ? t(errors._form) : t('form.hasErrors', { count: errorCount })}
				</p>
			)}
			<DraftKeeper
				form={form}
				path={location.pathname}
				autosave={autosave}
				draft={draft}
				onRestore={() => draft && setRestored(draft.values)}
			/>
			<Form
				ref={form}
				key={restored ? 'restored' : 'stored'}
				method="post"
				encType={hasImage ? 'multipart/form-data' : undefined}
				noValidate
				className="space-y-5 rounded-md border border-slate-300 bg-white p-5"
			>
				<AuthenticityTokenInput />
				<div className="grid gap-5 md:grid-cols-2">
					{resource.fields.map((field) => (
						<div key={field.name} className={field.lang ? '' : 'md:col-span-2'}>
							<FieldInput
								field={field}
								value={values[field.name]}
								error={errors[field.name]}
								options={field.options ? options[field.options] : undefined}
							/>
						</div>
					))}
				</div>
				<div className="flex gap-3">
					<Button type="submit" disabled={isSaving}>
						{t('actions.save')}
					</Button>
					<a href={`/admin/${name}`} className={buttonClass('secondary')}>
						{t('actions.cancel')}
					</a>
				</div>
			</Form>
			{id && sessionCount !== null && <Sessions userId={id} count={sessionCount} />}
			{id && sessionCount !== null && <InviteAgain userId={id} invitedAt={invitedAt} />}
		</section>
	)
}

function Sessions({ userId, count }: { userId: number; count: number }) {
	const { t } = useAdminI18n()
	return (
		<Form
			method="post"
			action={`/admin/users/${userId}/sessions`}
			className="mt-6 rounded-md border border-slate-300 bg-white p-5"
		>
			<AuthenticityTokenInput />
			<h2 className="mb-1 text-lg font-bold">{t('users.sessions')}</h2>
			<p className="mb-3 text-sm text-slate-700">{t('users.sessionCount', { count })}</p>
			<Button variant="secondary" type="submit" disabled={count === 0}>
				{t('users.signOutEverywhere')}
			</Button>
		</Form>
	)
}
