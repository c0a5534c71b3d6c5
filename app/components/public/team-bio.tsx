import * as Dialog from '@radix-ui/react-dialog'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import type { TeamMember } from '#app/components/public/team-grid.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'

// The spec's employee and modal: a member with a bio gets a button that opens it in a dialog
// (Radix: Esc, the close button and the backdrop close it; the focus stays inside and goes back
// to the button). Without script the bio is simply shown in the card.
export function BioModal({ member, bioHtml }: { member: TeamMember; bioHtml: string }) {
	const { t } = useI18n()
	return (
		<>
			<noscript>
				<div className="rich-text mt-3 text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: bioHtml }} />
			</noscript>
			<Dialog.Root>
				<Dialog.Trigger className="mt-3 font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
					{t('team.readBio', { name: member.name })}
				</Dialog.Trigger>
				<Dialog.Portal>
					<Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
					<Dialog.Content
						data-controller="modal"
						className="fixed top-1/2 left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
						aria-describedby={undefined}
					>
						<Dialog.Title className="text-xl font-semibold text-slate-900">{member.name}</Dialog.Title>
						<p className="mb-3 text-sm text-slate-600">{member.title}</p>
						<div className="rich-text text-slate-700" dangerouslySetInnerHTML={{ __html: bioHtml }} />
						<Dialog.Close className={`mt-2 ${buttonClass('secondary')}`}>
							{t('team.close')}
						</Dialog.Close>
					</Dialog.Content>
				</Dialog.Portal>
			</Dialog.Root>
		</>
	)
}
