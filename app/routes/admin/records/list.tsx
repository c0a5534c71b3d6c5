import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/list'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { SortableList } from '#app/components/admin/sortable-list.tsx'
import { PriceDefaultsForm } from '#app/components/prices/price-defaults-form.tsx'
import { RECORD_STORES } from '#app/models/records/registry.server.ts'
import type { Cell, ListRow } from '#app/models/records/repository.server.ts'
import { requireResource } from '#app/http/records.server.ts'
import { resolveAdminLocale } from '#app/http/admin-locale.server.ts'
import { getSettings } from '#app/models/site.server.ts'
import type { ResourceName } from '#app/models/records/definition.ts'
import { RESOURCES } from '#app/models/records/registry.ts'
import { getDb } from '#app/http/context.server.ts'
import { buttonClass } from '#app/components/ui/button.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { resource } = requireResource(request, context)
	const db = getDb(context)
	const rows = await RECORD_STORES[resource.name].list(db, resolveAdminLocale(request))
	const settings = resource.name === 'prices' ? await getSettings(db) : null
	const defaults = settings && {
		defaultPricePerWord: String(settings.defaultPricePerWord),
		minimumOrder: String(settings.minimumOrder),
		currency: settings.currency,
	}
	return { name: resource.name, rows, defaults }
}

export default function Records() {
	const { name, rows, defaults } = useLoaderData<typeof loader>()
	const resource = RESOURCES[name]
	const { t } = useAdminI18n()
	const title = t(resource.title)
	return (
		<section>
			<title>{`${title} · Tolk admin`}</title>
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold text-slate-900">{title}</h1>
				<Link to={`/admin/${name}/new`} className={buttonClass()}>
					{t(resource.newTitle)}
				</Link>
			</div>
			{defaults && <PriceDefaultsForm defaults={defaults} />}
			{rows.length === 0 ? (
				<p className="rounded-md border border-dashed border-slate-400 p-6 text-center text-slate-700">
					{t('records.empty')}
				</p>
			) : resource.sortModel ? (
				<SortableList
					key={rows.map((row) => row.id).join()}
					model={resource.sortModel}
					label={title}
					items={rows.map((row) => ({ ...row, label: labelOf(row, resource.columns[0]!.key) }))}
					renderItem={(row) => <RowContent name={name} row={row} />}
				/>
			) : (
				<ul aria-label={title} className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
					{rows.map((row) => (
						<li key={row.id} className="flex items-center gap-3 px-3 py-2">
							<RowContent name={name} row={row} />
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

const labelOf = (row: ListRow, key: string) => String(row.cells[key] ?? row.id)

function RowContent({ name, row }: { name: ResourceName; row: ListRow }) {
	const resource = RESOURCES[name]
	const [first, ...rest] = resource.columns
	const label = labelOf(row, first!.key)
	return (
		<>
			<div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1">
				<Link to={`/admin/${name}/${row.id}`} className="font-medium text-teal-900 underline-offset-2 hover:underline">
					{label}
				</Link>
				{rest.map((column) => (
					<span key={column.key} className="text-sm text-slate-700">
						<CellValue value={row.cells[column.key] ?? null} isImage={column.key === 'image'} />
					</span>
				))}
			</div>
			<ConfirmDelete action={`/admin/${name}/${row.id}`} name={label} />
		</>
	)
}

function CellValue({ value, isImage }: { value: Cell; isImage?: boolean }) {
	const { t } = useAdminI18n()
	if (isImage && typeof value === 'string') return <img src={value} alt="" className="h-10 w-16 rounded object-cover" />
	if (typeof value === 'boolean') return <>{value ? t('records.yes') : t('records.no')}</>
	return <>{value}</>
}
