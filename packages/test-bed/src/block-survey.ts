import { question } from './fixtures'

const text = (value: string) => ({ default: value })

/**
 * Three pages: a csat and a ces element on the first, whose logic adds to a variable and jumps past the second;
 * an open text and a required cal element on the last.
 */
export function blockSurvey(environmentId: string, type = 'link') {
  return {
    environmentId,
    name: 'Blocks',
    type,
    status: 'inProgress',
    variables: [{ id: 'vscore', name: 'score', type: 'number', value: 0 }],
    blocks: [
      {
        id: 'page1',
        name: 'Ratings',
        elements: [
          { id: 'sat', type: 'csat', headline: text('How satisfied are you?'), scale: 'number', range: 5, required: true },
          { id: 'effort', type: 'ces', headline: text('How easy was it?'), scale: 'number', range: 5, required: true },
        ],
        logic: [
          {
            id: 'rule1',
            conditions: {
              id: 'g1',
              connector: 'and',
              conditions: [
                {
                  id: 'c1',
                  leftOperand: { type: 'element', value: 'sat' },
                  operator: 'isGreaterThanOrEqual',
                  rightOperand: { type: 'static', value: 4 },
                },
              ],
            },
            actions: [
              { id: 'a1', objective: 'calculate', variableId: 'vscore', operator: 'add', value: { type: 'static', value: 10 } },
              { id: 'a2', objective: 'jumpToBlock', target: 'page3' },
            ],
          },
        ],
        buttonLabel: text('Continue'),
      },
      { id: 'page2', name: 'Why', elements: [{ ...question('why'), headline: text('Why not more?'), required: false }] },
      {
        id: 'page3',
        name: 'Last',
        elements: [
          { ...question('last'), headline: text('Anything else?'), required: false },
          { id: 'book', type: 'cal', headline: text('Book a call'), calUserName: 'ada/30min', calHost: 'cal.example.org', required: true },
        ],
        backButtonLabel: text('Previous'),
      },
    ],
    endings: [{ id: 'done', type: 'endScreen', headline: text('Thanks') }],
  }
}
