import { useId, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import type { Locale } from '#app/utils/locales.ts'

export type Pair = { fromDa: string; fromEn: string; toDa: string; toEn: string } | null

export const pairName = (pair: Pair, locale: Locale) =>
	pair ? (locale === 'da' ? `${pair.fromDa} → ${pair.toDa}` : `${pair.fromEn} → ${pair.toEn}`) : null

// The filter an account list was read with, kept in the address (the pager's links carry it).
export type ListFilter = { q: string; state: string }
export const filterQuery = ({ q, state }: ListFilter) =>
	new URLSearchParams([...(q ? [['q', q]] : []), ...(state ? [['state', state]] : [])]).toString()

// A search box and a state to show, as a plain GET form: it works without script, and the
// address can be bookmarked or sent to a colleague.
export function ListFilterForm({
	filter,
	hint,
	states,
	total,
	path,
}: {
	filter: ListFilter
	hint: string
	states: { value: string; label: string }[]
	total: number
	path: string
}) {
	const { t } = useI18n()
	const id = useId()
	const isFiltered = Boolean(filter.q || filter.state)
	return (
		<Form method="get" action={path} role="search" aria-label={t('account.filter.label')} className="mb-4">
			<div className="flex flex-wrap items-end gap-3">
				<div className="min-w-0 grow basis-48">
					<label htmlFor={`${id}-q`} className="mb-1 block font-medium">
						{t('account.filter.q')}
					</label>
					<Input id={`${id}-q`} type="search" name="q" defaultValue={filter.q} aria-describedby={`${id}-hint`} />
				</div>
				<div>
					<label htmlFor={`${id}-state`} className="mb-1 block font-medium">
						{t('account.filter.state')}
					</label>
					<select
						id={`${id}-state`}
						name="state"
						defaultValue={filter.state}
						className="rounded-md border border-slate-400 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700"
					>
						<option value="">{t('account.filter.all')}</option>
						{states.map((state) => (
							<option key={state.value} value={state.value}>
								{state.label}
							</option>
						))}
					</select>
				</div>
				<Button type="submit">{t('account.filter.submit')}</Button>
				{isFiltered && (
					<Link to={path} className="py-2 text-teal-800 underline">
						{t('account.filter.clear')}
					</Link>
				)}
			</div>
			<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
				{hint}
			</p>
			{isFiltered && (
				<p role="status" className="mt-2 font-medium">
					{total > 0 ? t('account.filter.found', { count: total }) : t('account.filter.none')}
				</p>
			)}
		</Form>
	)
}

// A row's facts as label and value pairs, one under the other on a phone.
export function Facts({ items, className = '' }: { items: [ReactNode, ReactNode][]; className?: string }) {
	const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '')
	if (shown.length === 0) return null
	return (
		<dl className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm ${className}`}>
			{shown.map(([label, value], index) => (
				<div key={index} className="contents">
					<dt className="text-slate-600">{label}</dt>
					<dd className="break-words">{value}</dd>
				</div>
			))}
		</dl>
	)
}

// A list of records as cards: readable on a 390 px phone, where a table would need scrolling.
export function CardList({ label, children }: { label: string; children: ReactNode }) {
	return (
		<ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
			{children}
		</ul>
	)
}
