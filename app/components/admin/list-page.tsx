import { Form } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Pager } from '#app/components/ui/pager.tsx'

// The top of an admin list: its title and the CSV of what the filter shows.
// An export in the admin's language can also be had for a bookkeeping system (`forMachines`): the
// same rows with the stable English headers and codes.
export function ListHeader({
	title,
	exportHref,
	exportLabel,
	forMachines = false,
}: {
	title: string
	exportHref: string
	exportLabel: string
	forMachines?: boolean
}) {
	const { t } = useAdminI18n()
	const machines = `${exportHref}${exportHref.includes('?') ? '&' : '?'}for=machines`
	return (
		<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
			<h1 className="text-2xl font-bold text-slate-900">{title}</h1>
			<span className="flex flex-wrap items-center gap-3">
				<a
					href={exportHref}
					className="rounded-md border border-teal-800 px-4 py-2 font-medium text-teal-900 hover:bg-teal-50"
					download
				>
					{exportLabel}
				</a>
				{forMachines && (
					<a href={machines} className="text-sm text-teal-900 underline" download>
						{t('list.exportMachines')}
					</a>
				)}
			</span>
		</div>
	)
}

// A list's filters: a search form (GET, so the address keeps the filter) and its button.
export function FilterBar({ label, submit, children }: { label: string; submit: string; children: React.ReactNode }) {
	return (
		<Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
			{children}
			<Button type="submit">{submit}</Button>
		</Form>
	)
}

type FilterSelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
	label: string
	name: string
	// The choices after any given as children (the "all" choice).
	options?: { value: string | number; label: string }[]
}

export function FilterSelect({ label, children, options = [], ...props }: FilterSelectProps) {
	return (
		<label className="text-sm font-medium">
			<span className="mb-1 block">{label}</span>
			<select {...props} className={inlineInputClass}>
				{children}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</label>
	)
}

export function FilterSearch({ label, ...props }: React.InputHTMLAttributes<HTMLInputElement> & { label: string }) {
	return (
		<label className="min-w-56 flex-1 text-sm font-medium">
			<span className="mb-1 block">{label}</span>
			<Input name="q" type="search" {...props} />
		</label>
	)
}

// What an empty list says instead of an empty table.
export function EmptyState({ children, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
	return (
		<p {...props} className="rounded-md border border-dashed border-slate-400 p-6 text-center text-slate-700">
			{children}
		</p>
	)
}

type ListPagesProps = {
	// The list's address; the filter goes along in `query`.
	base: string
	page: number
	pageCount: number
	pageSize: number
	total: number
	shown: number
	query: string
}

// Where this page sits in a long filtered list, and links to the pages either side, keeping the filter.
export function ListPages({ base, page, pageCount, pageSize, total, shown, query }: ListPagesProps) {
	const { t } = useAdminI18n()
	if (total <= pageSize && page === 1) return null
	const first = (page - 1) * pageSize + 1
	const href = (to: number) => `${base}?${[query, `page=${to}`].filter(Boolean).join('&')}`
	return (
		<Pager
			label={t('orders.pages')}
			summary={shown ? t('orders.showing', { first, last: first + shown - 1, total }) : t('orders.pastEnd', { total })}
			previous={page > 1 ? { to: href(Math.min(page - 1, pageCount)), label: t('orders.previous') } : undefined}
			next={page < pageCount ? { to: href(page + 1), label: t('orders.next') } : undefined}
		/>
	)
}
