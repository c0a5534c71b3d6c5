import { useState } from 'react'
import { asCalendarDate, type CalendarDate } from '#app/models/calendar/working-days.ts'
import { DatePicker } from '#app/components/date-picker.tsx'
import { Text, useI18n } from '#app/components/i18n.tsx'
import { LanguageSelect } from '#app/components/language-select.tsx'
import { NumberWheel } from '#app/components/number-wheel.tsx'
import type { ChoiceErrors } from '#app/components/order-quote.tsx'

type Props = { languages: { code: string; name: string }[]; minDate: CalendarDate; errors: ChoiceErrors; defaults: Partial<Record<'from_language' | 'to_language' | 'delivery_date' | 'copies', string>> }

// The request form's order details where there is no quote (the contact page): language pair,
// delivery date and certified copies, all optional.
export function RequestChoices({ languages, minDate, errors, defaults }: Props) {
	const { t } = useI18n()
	const [deliveryDate, setDeliveryDate] = useState<CalendarDate | null>(asCalendarDate(defaults.delivery_date))
	return (
		<fieldset className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
			<Text as="legend" k="request.choices" className="px-1 text-lg font-semibold text-slate-900" />
			<div className="flex flex-wrap items-start gap-4">
				<LanguageSelect id="request-from-language" name="from_language" label={t('priceCheck.from')} languages={languages} placeholder={t('priceCheck.choose')} defaultValue={defaults.from_language} error={errors.from_language} />
				<LanguageSelect id="request-to-language" name="to_language" label={t('priceCheck.to')} languages={languages} placeholder={t('priceCheck.choose')} defaultValue={defaults.to_language} error={errors.to_language} />
				<DatePicker id="request-delivery-date" name="delivery_date" label={t('quote.deliveryDate')} min={minDate} value={deliveryDate} onChange={setDeliveryDate} error={errors.delivery_date} />
				<NumberWheel id="request-copies" name="copies" label={t('quote.copies')} value={Number(defaults.copies) || 0} min={0} max={100} error={errors.copies} />
			</div>
		</fieldset>
	)
}
