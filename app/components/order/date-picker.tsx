import * as Popover from '@radix-ui/react-popover'
// react-day-picker's own locales carry its buttons' labels too ("Gå til forrige måned").
import { da, enGB } from 'react-day-picker/locale'
import { createContext, use, useId, useState } from 'react'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { DayButton, DayPicker, type DayButtonProps } from 'react-day-picker'
import { formatDay } from '#app/utils/format.ts'
import { isWorkingDay, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { FieldError, FieldLabel } from '#app/components/ui/field.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Hidden, inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Button } from '#app/components/ui/button.tsx'

type Props = {
	id?: string
	name: string
	label: string
	min: CalendarDate
	value: CalendarDate | null
	onChange: (date: CalendarDate | null) => void
	error?: string
	// The express surcharge (percent) delivery on a day costs, shown on the days before one is picked.
	surchargeOf?: (day: CalendarDate) => number
}

const toDate = (day: CalendarDate) => new Date(`${day}T12:00:00`)
const toDay = (date: Date) =>
	`${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

// The spec's delivery date picker: the page's language, weeks from Monday, dates only. Days
// before the earliest delivery cannot be chosen; an empty field opens on that earliest month.
// Until the page's script runs (a slow phone, a busy server) it is the browser's own date field,
// with the same earliest day; the picker takes over whatever was chosen in it. Weekends and Danish
// public holidays cannot be chosen: nothing is delivered on them.
export function DatePicker({ id: givenId, name, label, min, value, onChange, error, surchargeOf }: Props) {
	const { locale, t } = useI18n()
	const generatedId = useId()
	const id = givenId ?? generatedId
	const [isOpen, setIsOpen] = useState(false)
	const isEnhanced = useHydrated()
	// As the script takes over, a day already chosen in the browser's field carries over.
	const keepChosen = (input: HTMLInputElement | null) => () => {
		const chosen = input?.value
		if (chosen && chosen !== value && chosen >= min) onChange(chosen as CalendarDate)
	}
	const describedBy = error ? `${id}-error` : undefined
	if (!isEnhanced) {
		return (
			<div data-controller="date-picker" data-min-date={min}>
				<FieldLabel htmlFor={id}>{label}</FieldLabel>
				<Input
					variant="bare"
					ref={keepChosen}
					id={id}
					type="date"
					name={name}
					min={min}
					defaultValue={value ?? ''}
					aria-describedby={describedBy}
					className={`min-w-56 ${inlineInputClass}`}
				/>
				<FieldError id={`${id}-error`} message={error} />
			</div>
		)
	}
	return (
		<div data-controller="date-picker" data-min-date={min}>
			<FieldLabel htmlFor={id}>{label}</FieldLabel>
			<Hidden name={name} value={value ?? ''} />
			<Popover.Root open={isOpen} onOpenChange={setIsOpen}>
				<Popover.Trigger asChild>
					<Button
						variant="bare"
						id={id}
						type="button"
						aria-describedby={describedBy}
						className={`min-w-56 text-left ${inlineInputClass}`}
					>
						{value ? formatDay(value, locale) : <span className="text-slate-600">{t('datePicker.placeholder')}</span>}
					</Button>
				</Popover.Trigger>
				<Popover.Portal>
					<Popover.Content
						align="start"
						sideOffset={4}
						className="z-50 rounded-md border border-slate-300 bg-white p-3 shadow-lg"
					>
						<SurchargeContext value={surchargeOf ?? noSurcharge}>
							<DayPicker
								mode="single"
								locale={locale === 'da' ? da : enGB}
								weekStartsOn={1}
								selected={value ? toDate(value) : undefined}
								defaultMonth={toDate(value ?? min)}
								disabled={[{ before: toDate(min) }, (date) => !isWorkingDay(toDay(date))]}
								modifiers={
									surchargeOf && {
										express: (date) => toDay(date) >= min && isWorkingDay(toDay(date)) && surchargeOf(toDay(date)) > 0,
									}
								}
								modifiersClassNames={{ express: 'rdp-express' }}
								components={surchargeOf && SURCHARGED_DAYS}
								footer={
									surchargeOf && <p className="mt-2 max-w-64 text-xs text-slate-700">{t('datePicker.expressLegend')}</p>
								}
								onSelect={(date) => {
									onChange(date ? toDay(date) : null)
									setIsOpen(false)
								}}
							/>
						</SurchargeContext>
					</Popover.Content>
				</Popover.Portal>
			</Popover.Root>
			<FieldError id={`${id}-error`} message={error} />
		</div>
	)
}

const noSurcharge = () => 0
const SurchargeContext = createContext<(day: CalendarDate) => number>(noSurcharge)

// A day that costs extra says so under its number, and to a screen reader in its name. One
// component for every picker (the surcharges come through context), so days are not remounted.
function SurchargedDay({ children, ...props }: DayButtonProps) {
	const { t } = useI18n()
	const surchargeOf = use(SurchargeContext)
	const percent = props.modifiers.express ? surchargeOf(toDay(props.day.date)) : 0
	return (
		<DayButton {...props}>
			{children}
			{percent > 0 && (
				<span className="block text-[0.6rem] leading-none font-semibold text-amber-900">
					<span aria-hidden="true">+{percent}</span>
					<span className="sr-only">{t('datePicker.surcharge', { percent })}</span>
				</span>
			)}
		</DayButton>
	)
}

const SURCHARGED_DAYS = { DayButton: SurchargedDay }
