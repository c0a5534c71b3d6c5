// Browser-safe: the kinds and items of a PM's to-do list, for its page and the dashboard's card
// (the queries are app/models/vendor/todo.server.ts).

// A PM's to-do list: what waits for them, most pressing kind first. Each kind is a question the
// database answers from the order's and job's own columns, so an item goes away by itself when
// its work is done (the job approved, the message answered, a job made for the revision).
// - late: a job past its deadline that is not handed in;
// - due: an order due by the next working day without an approved job;
// - review: a job handed in, waiting for approval or return;
// - message: a translator's message nobody answered;
// - customer: a customer's message in the order's thread nobody answered;
// - revision: a customer asked for a revision and no job is working on it;
// - untaken: a job every offer of which was declined or expired.
export const TODO_KINDS = ['late', 'due', 'review', 'message', 'customer', 'revision', 'untaken'] as const
export type TodoKind = (typeof TODO_KINDS)[number]

export type TodoItem = {
	kind: TodoKind
	orderId: number
	reference: string
	jobId: number | null
	// When the item arose (for `due`, the order's date of delivery at midnight is not a moment:
	// the order's own date is given in `dueDate`).
	since: string
	dueDate: string | null
	managerId: number | null
	managerName: string | null
	translator: string | null
}
