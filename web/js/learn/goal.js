// A lesson's goal, written as data: a condition over what the learner's seat has seen since the
// lesson began — {view, events, outcome} (its view now, every event it was shown, the match's
// outcome or null). Conditions:
//   {"all": [c, …]}, {"any": [c, …]}, {"not": c}
//   {"event": pattern}    some event seen matches pattern
//   {"count": {"event": pattern, "at_least": n}}   at least n events seen match pattern
//   {"view": pattern}     the view now matches pattern
//   {"outcome": pattern}  the match is over and its outcome matches pattern
// A pattern matches a value when: an object — each of its fields matches the value's field of
// that name (null: the value has no such field, or it is null); an array — each of its elements
// matches some element of the value; anything else — it equals the value.

// Whether value matches pattern (above).
export function matches(value, pattern) {
  if (pattern === null) return value === undefined || value === null;
  if (Array.isArray(pattern)) return Array.isArray(value) && pattern.every((p) => value.some((v) => matches(v, p)));
  if (typeof pattern === 'object') {
    return (
      value !== null && typeof value === 'object' && Object.entries(pattern).every(([k, p]) => matches(value[k], p))
    );
  }
  return value === pattern;
}

// Whether condition cond holds for seen ({view, events, outcome}).
export function holds(cond, seen) {
  if (cond.all) return cond.all.every((c) => holds(c, seen));
  if (cond.any) return cond.any.some((c) => holds(c, seen));
  if (cond.not) return !holds(cond.not, seen);
  if (cond.event) return seen.events.some((e) => matches(e, cond.event));
  if (cond.count) return seen.events.filter((e) => matches(e, cond.count.event)).length >= cond.count.at_least;
  if (cond.view) return matches(seen.view, cond.view);
  if (cond.outcome) return seen.outcome != null && matches(seen.outcome, cond.outcome);
  throw new Error(`unknown goal condition ${JSON.stringify(cond)}`);
}

// The problems of condition cond as a list of sentences (empty when it is well formed): exactly
// one known field per condition, lists where lists belong.
export function goalProblems(cond, where = 'goal') {
  if (cond === null || typeof cond !== 'object' || Array.isArray(cond)) return [`${where} is not an object`];
  const keys = Object.keys(cond);
  if (keys.length !== 1) return [`${where} has ${keys.length} fields, not one`];
  const [k] = keys;
  if (k === 'all' || k === 'any') {
    if (!Array.isArray(cond[k]) || !cond[k].length) return [`${where}.${k} is not a non-empty list`];
    return cond[k].flatMap((c, i) => goalProblems(c, `${where}.${k}[${i}]`));
  }
  if (k === 'not') return goalProblems(cond.not, `${where}.not`);
  if (k === 'count') {
    const c = cond.count;
    const ok =
      c !== null &&
      typeof c === 'object' &&
      c.event !== null &&
      typeof c.event === 'object' &&
      Number.isInteger(c.at_least) &&
      c.at_least >= 1;
    return ok ? [] : [`${where}.count is not {event: pattern, at_least: a positive integer}`];
  }
  if (k === 'event' || k === 'view' || k === 'outcome') {
    return cond[k] !== null && typeof cond[k] === 'object' ? [] : [`${where}.${k} is not a pattern object`];
  }
  return [`${where} has the unknown condition ${k}`];
}

// Where a lesson stands after a change: 'solved' when its goal holds; 'failed' when the match
// is over or the learner's seat may no longer act (its turn has passed); else 'playing'.
export function lessonStatus(goal, seen, seat, toAct) {
  if (holds(goal, seen)) return 'solved';
  if (seen.outcome != null || !toAct.includes(seat)) return 'failed';
  return 'playing';
}
