import { useId, useState, type ReactNode } from 'react'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

// The spec's read-more: a long block shows its first lines and a button that unfolds the rest
// (and folds it again). Without script the whole block shows (root.tsx's noscript style). A block
// too short to be worth folding (`fold` false) simply shows, with no button.
export function ReadMore({ children, fold = true }: { children: ReactNode; fold?: boolean }) {
	const { t } = useI18n()
	const id = useId()
	const [isOpen, setIsOpen] = useState(false)
	if (!fold) return <div>{children}</div>
	return (
		<div data-controller="read-more">
			<div
				id={id}
				data-read-more-content
				data-state={isOpen ? 'open' : 'closed'}
				className={isOpen ? '' : 'relative max-h-32 overflow-hidden'}
			>
				{children}
				{!isOpen && (
					<div
						aria-hidden="true"
						className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white"
					/>
				)}
			</div>
			<Button variant="bare"
				type="button"
				aria-expanded={isOpen}
				aria-controls={id}
				onClick={() => setIsOpen(!isOpen)}
				className="mt-2 font-semibold text-teal-800 underline underline-offset-2"
			>
				{isOpen ? t('readMore.less') : t('readMore.more')}
			</Button>
		</div>
	)
}
