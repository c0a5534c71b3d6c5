import { useId, useState } from 'react'
import { foldText } from '#app/models/text/fold.ts'
import { stripTags } from '#app/utils/translate.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Button } from '#app/components/ui/button.tsx'

export type FaqItem = { id: number; question: string; answerHtml: string }
export type FaqCategory = { id: number; name: string; itemIds: number[] }

// The spec's faq: each question opens and closes its answer on its own (a button with
// aria-expanded and a plus/minus), and a live search hides the items whose question and answer do
// not contain the typed text. Case and Danish spellings do not matter: text is folded as the
// Danish address service folds it, so "oversaetter", "OVERSÆTTER" and "oversætter" all match.
// Without script every answer shows (root.tsx), so nothing is out of reach.
// Questions are headings one level below the section they sit in: h2 on the FAQ page, h3 under a home page section.
// With categories, a row of buttons narrows the list to one category (together with the search).
type Props = { items: FaqItem[]; categories?: FaqCategory[]; isSearchable?: boolean; headingLevel?: 2 | 3 }

export function FaqList({ items, categories = [], isSearchable = false, headingLevel = 3 }: Props) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	const { t } = useI18n()
	const id = useId()
	const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set())
	const [query, setQuery] = useState('')
	const [category, setCategory] = useState<FaqCategory | null>(null)
	const needle = foldText(query)
	const inCategory = (item: FaqItem) => !category || category.itemIds.includes(item.id)
	const matches = (item: FaqItem) =>
		inCategory(item) && (!needle || foldText(`${item.question} ${stripTags(item.answerHtml)}`).includes(needle))
	const shown = items.filter(matches)
	const toggle = (itemId: number) =>
		setOpenIds((current) => {
			const next = new Set(current)
			if (!next.delete(itemId)) next.add(itemId)
			return next
		})

	return (
		<div data-controller="faq">
			{isSearchable && (
				<div className="mb-4 max-w-md">
					<label htmlFor={`${id}-search`} className="mb-1 block font-medium">
						{t('faq.search')}
					</label>
					<Input
						id={`${id}-search`}
						type="search"
						value={query}
						onChange={(event) => setQuery(event.currentTarget.value)}
						autoComplete="off"
					/>
					<p role="status" className="mt-1 text-sm text-slate-600">
						{needle && shown.length > 0 ? t('faq.matches', { count: shown.length }) : ''}
					</p>
				</div>
			)}
			{categories.length > 0 && <CategoryButtons categories={categories} chosen={category} onChoose={setCategory} />}
			{shown.length === 0 && (
				<Text
					as="p"
					k="faq.noResults"
					className="rounded-xl border border-dashed border-slate-300 p-5 text-slate-700"
				/>
			)}
			<ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" hidden={shown.length === 0}>
				{items.map((item) => {
					const isOpen = openIds.has(item.id)
					return (
						<li key={item.id} hidden={!shown.includes(item)} className="p-5">
							<Heading className="font-semibold text-slate-900">
								<Button variant="bare"
									type="button"
									aria-expanded={isOpen}
									aria-controls={`${id}-answer-${item.id}`}
									onClick={() => toggle(item.id)}
									className="flex w-full items-start gap-3 text-left"
								>
									<span
										aria-hidden="true"
										className="inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-teal-800 text-teal-800"
									>
										{isOpen ? '−' : '+'}
									</span>
									{item.question}
								</Button>
							</Heading>
							<div
								id={`${id}-answer-${item.id}`}
								data-faq-answer
								hidden={!isOpen}
								className="rich-text mt-3 pl-9 text-slate-700"
								dangerouslySetInnerHTML={{ __html: item.answerHtml }}
							/>
						</li>
					)
				})}
			</ul>
		</div>
	)
}

function CategoryButtons({
	categories,
	chosen,
	onChoose,
}: {
	categories: FaqCategory[]
	chosen: FaqCategory | null
	onChoose: (category: FaqCategory | null) => void
}) {
	const { t } = useI18n()
	const button = (category: FaqCategory | null, label: string) => (
		<Button variant="bare"
			key={category?.id ?? 'all'}
			type="button"
			aria-pressed={chosen?.id === category?.id}
			onClick={() => onChoose(category)}
			className="rounded-full border border-teal-800 px-4 py-1.5 text-sm font-semibold text-teal-900 hover:bg-teal-50 aria-pressed:bg-teal-800 aria-pressed:text-white"
		>
			{label}
		</Button>
	)
	return (
		<div role="group" aria-label={t('faq.categories')} className="mb-4 flex flex-wrap gap-2">
			{button(null, t('faq.allCategories'))}
			{categories.map((category) => button(category, category.name))}
		</div>
	)
}

// schema.org FAQPage, for search engines; the answers' HTML is allowed there.
export function FaqStructuredData({ items }: { items: FaqItem[] }) {
	const data = {
		'@context': 'https://schema.org',
		'@type': 'FAQPage',
		mainEntity: items.map((item) => ({
			'@type': 'Question',
			name: item.question,
			acceptedAnswer: { '@type': 'Answer', text: item.answerHtml },
		})),
	}
	// "<" escaped so no text can close the script element.
	return (
		<script
			type="application/ld+json"
			dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
		/>
	)
}
