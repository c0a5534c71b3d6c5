import { useId } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'
import { formatDay, formatPrice } from '#app/utils/format.ts'

type Approval = {
	id: number
	requester: string
	total: number
	status: 'pending' | 'approved' | 'declined' | 'expired' | 'withdrawn'
	validUntil: string
	firstDocument: string | null
	note: string
	decidedBy: string | null
	createdAt: string
	mayDecide: boolean
}
export type ApprovalAnswer = { intent: 'approval'; approvalId: number; ok: boolean; message: string; note?: string }

// The company's orders above its limit: a manager approves or declines each (with a note), a
// colleague sees where theirs stand. Plain forms, so they work without script.
export function ApprovalsSection({
	approvals,
	manages,
	currency,
	sent,
	answer,
}: {
	approvals: Approval[]
	manages: boolean
	currency: string
	sent: boolean
	answer: ApprovalAnswer | null
}) {
	const { locale, t } = useI18n()
	if (approvals.length === 0 && !sent && !answer) return null
	return (
		<section
			id="approvals"
			aria-labelledby="approvals-title"
			data-controller="account-approvals"
			className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4"
		>
			<h2 id="approvals-title" className="mb-1 text-xl font-semibold">
				{t('approvals.title')}
			</h2>
			<Text as="p" k={manages ? 'approvals.leadManager' : 'approvals.lead'} className="mb-3 text-slate-800" />
			{sent && <FormAnswer answer={{ ok: true, message: t('approvals.sent') }} />}
			{answer && answer.approvalId === 0 && <FormAnswer answer={answer} />}
			<ul className="space-y-3">
				{approvals.map((approval) => (
					<li
						key={approval.id}
						data-approval={approval.status}
						className="rounded-md border border-amber-200 bg-white p-3"
					>
						<p className="font-semibold break-words">
							{t('approvals.item', {
								document: approval.firstDocument ?? '–',
								total: formatPrice(approval.total, currency, locale),
							})}
						</p>
						<p className="text-sm text-slate-700">
							{t('approvals.by', { name: approval.requester, date: formatDay(approval.createdAt, locale) })}
							{' · '}
							{t('approvals.validUntil', { date: formatDay(approval.validUntil, locale) })}
						</p>
						<p className="mt-1 font-medium" data-approval-status={approval.status}>
							{t(`approvals.status.${approval.status}`, { name: approval.decidedBy ?? '' })}
							{approval.note ? `: ${approval.note}` : ''}
						</p>
						{answer?.approvalId === approval.id && <FormAnswer answer={answer} />}
						{approval.mayDecide && (
							<Decide approval={approval} answer={answer?.approvalId === approval.id ? answer : null} />
						)}
					</li>
				))}
			</ul>
		</section>
	)
}

function Decide({ approval, answer }: { approval: Approval; answer: ApprovalAnswer | null }) {
	const { t } = useI18n()
	const id = useId()
	return (
		<Form method="post" className="mt-2 space-y-2">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="approval" />
			<Hidden name="approval" value={approval.id} />
			<label htmlFor={`${id}-note`} className="block text-sm font-medium">
				{t('approvals.note')}
			</label>
			<textarea
				id={`${id}-note`}
				name="note"
				rows={2}
				defaultValue={answer && !answer.ok ? (answer.note ?? '') : ''}
				className={inputClass}
			/>
			<div className="flex flex-wrap gap-2">
				<Button
					type="submit"
					name="decision"
					value="approve"
					aria-label={t('approvals.approveLabel', { name: approval.requester })}
				>
					{t('approvals.approve')}
				</Button>
				<Button variant="secondary" type="submit" name="decision" value="decline">
					{t('approvals.decline')}
				</Button>
			</div>
		</Form>
	)
}
