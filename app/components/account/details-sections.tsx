import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { fieldMaker } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, Input } from '#app/components/ui/input.tsx'
import type { AccountAnswer } from '#app/routes/account/actions.server.ts'
import { formatNumber, formatPrice } from '#app/utils/format.ts'

const BOX = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm'

// A form with one e-mail field (a new address, a colleague to invite).
function EmailForm({
	prefix,
	intent,
	label,
	submit,
	answer,
}: {
	prefix: string
	intent: string
	label: string
	submit: string
	answer: AccountAnswer | null
}) {
	const field = fieldMaker<'email'>(prefix, answer && !answer.ok ? (answer.values ?? {}) : {}, () =>
		answer && !answer.ok ? answer.errors?.email : undefined,
	)
	return (
		<Form method="post" noValidate>
			<AuthenticityTokenInput />
			<Hidden name="intent" value={intent} />
			{field('email', label, (props) => (
				<Input {...props} type="email" autoComplete="off" />
			))}
			<Button type="submit">{submit}</Button>
		</Form>
	)
}

export function EmailSection({ email, answer }: { email: string; answer: AccountAnswer | null }) {
	const { t } = useI18n()
	return (
		<section aria-labelledby="email-title" className={BOX}>
			<h2 id="email-title" className="mb-2 text-xl font-semibold">
				{t('account.email.title')}
			</h2>
			<Text as="p" k="account.email.lead" vars={{ email }} className="mb-4 text-slate-700" />
			<FormAnswer answer={answer} />
			<EmailForm
				prefix="new"
				intent="email"
				label={t('account.email.new')}
				submit={t('account.email.submit')}
				answer={answer}
			/>
		</section>
	)
}

type Colleagues = { members: { id: number; email: string; name: string; manages: boolean }[]; invited: string[] }

// The company's people: everyone sees who belongs; the manager invites and removes.
export function ColleaguesSection({
	company,
	manages,
	colleagues,
	answer,
}: {
	company: string
	manages: boolean
	colleagues: Colleagues
	answer: AccountAnswer | null
}) {
	const { t } = useI18n()
	return (
		<section aria-labelledby="colleagues-title" data-controller="account-colleagues" className={BOX}>
			<h2 id="colleagues-title" className="mb-2 text-xl font-semibold">
				{t('account.colleagues.title', { company })}
			</h2>
			<Text
				as="p"
				k={manages ? 'account.colleagues.leadManager' : 'account.colleagues.lead'}
				className="mb-4 text-slate-700"
			/>
			<FormAnswer answer={answer} />
			<ul className="mb-4 divide-y divide-slate-200 rounded-md border border-slate-200">
				{colleagues.members.map((member) => (
					<li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
						<span>
							{member.name ? `${member.name} · ` : ''}
							{member.email}
							{member.manages && (
								<span className="ml-2 text-sm text-slate-600">({t('account.colleagues.manager')})</span>
							)}
						</span>
						{manages && !member.manages && (
							<RemoveButton email={member.email} label={t('account.colleagues.remove', { email: member.email })} />
						)}
					</li>
				))}
				{colleagues.invited.map((email) => (
					<li key={email} className="flex flex-wrap items-center justify-between gap-2 p-3">
						<span>
							{email} <span className="text-sm text-slate-600">({t('account.colleagues.invited')})</span>
						</span>
						{manages && <RemoveButton email={email} label={t('account.colleagues.withdraw', { email })} />}
					</li>
				))}
			</ul>
			{manages && (
				<EmailForm
					prefix="colleague"
					intent="invite"
					label={t('account.colleagues.email')}
					submit={t('account.colleagues.invite')}
					answer={answer?.intent === 'invite' ? answer : null}
				/>
			)}
		</section>
	)
}

function RemoveButton({ email, label }: { email: string; label: string }) {
	return (
		<Form method="post">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="remove" />
			<Hidden name="email" value={email} />
			<Button
				variant="bare"
				type="submit"
				className="rounded-md border border-slate-400 px-3 py-1 text-sm hover:bg-slate-50"
			>
				{label}
			</Button>
		</Form>
	)
}

// The company's rule for large orders, set by its manager: above the amount a colleague's order
// waits for a manager's approval.
export function ApprovalLimitSection({ limit, answer }: { limit: number | null; answer: AccountAnswer | null }) {
	const { locale, t } = useI18n()
	const shown = answer && !answer.ok ? (answer.values?.limit ?? '') : limit === null ? '' : formatNumber(limit, locale)
	return (
		<section aria-labelledby="approval-limit-title" data-controller="account-approval-limit" className={BOX}>
			<h2 id="approval-limit-title" className="mb-2 text-xl font-semibold">
				{t('account.approvalLimit.title')}
			</h2>
			{limit !== null && (
				<p className="mb-3 text-slate-700">
					{t('account.approvalLimit.now', { amount: formatPrice(limit, 'DKK', locale) })}
				</p>
			)}
			<FormAnswer answer={answer} />
			<Form method="post" noValidate>
				<AuthenticityTokenInput />
				<Hidden name="intent" value="approval-limit" />
				<label htmlFor="approval-limit" className="mb-1 block font-medium">
					{t('account.approvalLimit.label')}
				</label>
				<Input
					id="approval-limit"
					name="limit"
					inputMode="decimal"
					defaultValue={shown}
					key={shown}
					aria-describedby="approval-limit-hint"
					aria-invalid={answer && !answer.ok ? true : undefined}
					className="mb-1 max-w-xs"
				/>
				<p id="approval-limit-hint" className="mb-3 text-sm text-slate-600">
					{t('account.approvalLimit.hint')}
				</p>
				<Button type="submit">{t('account.approvalLimit.save')}</Button>
			</Form>
		</section>
	)
}

// "Download my data" and "Delete my account", with what deletion keeps said before confirming.
export function DeleteSection({ openOrders, answer }: { openOrders: string[]; answer: AccountAnswer | null }) {
	const { t } = useI18n()
	return (
		<section aria-labelledby="data-title" data-controller="account-data" className={BOX}>
			<h2 id="data-title" className="mb-2 text-xl font-semibold">
				{t('account.data.title')}
			</h2>
			<Text as="p" k="account.data.lead" className="mb-3 text-slate-700" />
			<a href="/account/data" className="mb-6 inline-block text-teal-800 underline" download>
				{t('account.data.download')}
			</a>
			<h3 className="mb-2 text-lg font-semibold">{t('account.delete.title')}</h3>
			<Text as="p" k="account.delete.what" className="mb-3 text-slate-700" />
			<FormAnswer answer={answer} />
			{openOrders.length > 0 ? (
				<Text
					as="p"
					k="account.delete.openOrdersList"
					vars={{ orders: openOrders.join(', ') }}
					className="text-amber-900"
				/>
			) : (
				<Form method="post">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="delete" />
					<label className="mb-3 flex items-start gap-2">
						<Input
							variant="bare"
							type="checkbox"
							name="confirm"
							className="mt-1 size-4"
							aria-invalid={answer?.errors?.confirm ? true : undefined}
						/>
						<span>{t('account.delete.confirm')}</span>
					</label>
					<Button
						variant="bare"
						type="submit"
						className="rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
					>
						{t('account.delete.submit')}
					</Button>
				</Form>
			)}
		</section>
	)
}
