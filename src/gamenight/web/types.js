// Types of the browser client, for TypeScript's checkJs (`make js`): JSDoc only, nothing here
// runs and no page imports it. A module names a type with `import("<path>/types.js").Name` in a
// JSDoc comment, which the browser never reads, so a game folder still never imports the shell.
//
// The table contract: every game's table.js default-exports a TableModule. The room (room.js)
// calls its `create(root, ctx)` once per match and the table's `render(model)` on every update;
// `describe`, `status` and `results` put the game's events, top line and final count in words.
// Each game's view (`model.state`, what the game's `observe` gives the seat) is typed below,
// field by field as the server sends it (JSON: `null` for "none").

/** @typedef {"chance" | "single" | "simultaneous" | "race" | "reaction" | "terminal"} PendingKind */

/**
 * Who must decide now and how (engine.core.Pending.to_json).
 * @typedef {object} Pending
 * @property {PendingKind} kind
 * @property {number[]} players the seats asked
 * @property {number | null} turn whose turn it is
 * @property {string | null} window the reaction window or phase, if any
 */

/**
 * An action as JSON: its tag and its fields ({type: "bank"}, {type: "target", player: 2}).
 * @typedef {{type: string} & Record<string, any>} Action
 */

/**
 * An event as the viewer may see it: its kind and its public (and, for its audience, secret)
 * fields.
 * @typedef {{kind: string} & Record<string, any>} GameEvent
 */

/**
 * The outcome of a finished match (engine.core.Outcome.to_json).
 * @typedef {object} Outcome
 * @property {number[]} winners
 * @property {number[]} scores
 * @property {number} turns
 */

/**
 * A translator: the words of `key` in the page's language with `{name}` filled from `params`
 * (`count` picks `key_one` or `key_other`); `maybe` gives undefined when there are no words.
 * @typedef {((key: string, params?: Record<string, any>) => string) & {maybe: (key: string, params?: Record<string, any>) => string | undefined}} Translator
 */

/**
 * What the room gives a table (room.js `ctx()`): words, drawing helpers, who is looking, and
 * how to act.
 * @typedef {object} TableContext
 * @property {Translator} t
 * @property {typeof import("./kit.js")} kit
 * @property {typeof import("./dom.js").h} h
 * @property {typeof import("./dom.js").s} s
 * @property {typeof import("./dom.js").redraw} redraw
 * @property {number | null} me this browser's seat (null: watching)
 * @property {"player" | "table"} mode "table": the big public screen
 * @property {string} gameId
 * @property {Record<string, any>} config the room's game options
 * @property {(seat: number) => string} name a seat's name
 * @property {(action: Action, auto?: boolean) => void} act send a move (auto: the page made it)
 * @property {() => void} coach ask the server for advice
 */

/**
 * What a table draws from (room.js `model()`), with the game's view `S` as `state`.
 * @template S
 * @typedef {object} TableModel
 * @property {{state: S, pending: Pending, legal?: Action[]}} view
 * @property {S} state
 * @property {Action[]} legal this seat's legal moves now
 * @property {Pending} pending
 * @property {number} version
 * @property {number} matchNumber
 * @property {number[]} deciding who is still to decide
 * @property {GameEvent[]} events the events of this update
 * @property {string} reason
 * @property {number | null} actor
 * @property {string | null} by
 * @property {Array<string | null>} controllers each seat's bot spec, or null for a person
 * @property {number | null} me
 * @property {"player" | "table"} mode
 * @property {Outcome | null} over
 * @property {string | null} slow a "too slow" to show
 * @property {Record<string, any> | null} advice the coach's answer for this version
 * @property {() => number | null} timeLeft seconds left to decide (null: no limit)
 */

/**
 * A table on the page, as `create` returns it.
 * @template S
 * @typedef {object} Table
 * @property {TableContext} ctx set again by the room before each render
 * @property {(model: TableModel<S>) => void} render
 * @property {(event: KeyboardEvent, model: TableModel<S>) => boolean} [key] true: the key was used
 * @property {(left: number | null) => void} [tick] the clock, four times a second
 */

/**
 * The default export of a game's table.js.
 * @template S
 * @typedef {object} TableModule
 * @property {(root: HTMLElement, ctx: TableContext) => Table<S>} create
 * @property {(event: GameEvent, ctx: TableContext) => string | null} [describe] a log line
 * @property {(model: TableModel<S>, ctx: TableContext) => string | null} [status] the top line
 * @property {(outcome: Outcome, model: TableModel<S>, ctx: TableContext) => Node | Node[] | null} [results]
 */

// ---- each game's view ----------------------------------------------------------------------

/**
 * @typedef {object} DiceCounts
 * @property {number} green
 * @property {number} yellow
 * @property {number} red
 */

/**
 * Toss Up! (games/toss_up/game.py `observe`): nothing is hidden.
 * @typedef {object} TossUpView
 * @property {number} players
 * @property {number[]} scores
 * @property {number} turn
 * @property {number} turn_points
 * @property {number} dice_to_roll
 * @property {boolean} rolled
 * @property {DiceCounts | null} last_roll
 * @property {number} bust_chance
 * @property {number} target
 * @property {boolean} strict
 * @property {boolean} final_round
 * @property {number | null} trigger
 * @property {number[]} to_play
 * @property {number[]} sudden_death
 * @property {number[]} winners
 * @property {number} turns
 */

/**
 * Toss Your Cookies (games/toss_your_cookies/game.py `observe`): a card is its id ("sugar").
 * @typedef {object} TossYourCookiesView
 * @property {number} players
 * @property {string} phase
 * @property {number} turn
 * @property {string[] | null} roll the action and number dice showing
 * @property {number} number
 * @property {string[]} cookies the cookie kinds dealt
 * @property {string[] | null} hand this seat's hand (null: watching)
 * @property {number[]} hand_sizes
 * @property {Array<string[] | null>} shown_hands
 * @property {boolean[]} committed
 * @property {string[] | null} my_commit
 * @property {number | null} target
 * @property {string[]} centre
 * @property {number[]} quota
 * @property {number[]} grabbed
 * @property {number | null} tosser
 * @property {number} limbo_count
 * @property {string[] | null} limbo
 * @property {number | null} limbo_owner
 * @property {number[]} in_transit
 * @property {number | null} drawer
 * @property {number | null} draw_from
 * @property {number} draws
 * @property {number | null} milk_seen
 * @property {number} deck_left
 * @property {number} round
 * @property {number} rounds
 * @property {number} rounds_to_win
 * @property {number[]} round_wins
 * @property {number} starter
 * @property {number[]} winners
 * @property {{player: number, hand: string[]} | null} last_win
 * @property {number} rolls
 * @property {boolean} free_scramble
 */

/**
 * Paper Toss! (games/paper_toss/game.py `observe`): piles are counts by card id.
 * @typedef {object} PaperTossView
 * @property {number} players
 * @property {string} phase
 * @property {number} turn
 * @property {string[] | null} hand
 * @property {number[]} hand_sizes
 * @property {number[]} tokens
 * @property {number[]} flat_tires
 * @property {number} target
 * @property {number} turn_limit
 * @property {number} hand_size
 * @property {number} paper_deck_size
 * @property {Record<string, number>} paper_discard
 * @property {Record<string, number>} toss_deck
 * @property {Record<string, number>} toss_discard
 * @property {boolean} tossed
 * @property {{player: number, card: string} | null} hazard
 * @property {number} hazards_played
 * @property {string[]} flipped
 * @property {number | null} chooser
 * @property {number[]} winners
 * @property {number} turns
 */

/**
 * A Batch on a Cover Your Cookies stack.
 * @typedef {object} Batch
 * @property {number} id
 * @property {string} flavour
 * @property {string[]} cards
 * @property {number} value
 */

/**
 * A duel in Cover Your Cookies.
 * @typedef {object} Duel
 * @property {number} challenger
 * @property {number} defender
 * @property {number} batch
 * @property {string} flavour
 * @property {Array<[number, string[]]>} plays
 * @property {number} need
 * @property {number} responder
 */

/**
 * Cover Your Cookies (games/cover_your_cookies/view.py).
 * @typedef {object} CoverYourCookiesView
 * @property {number} players
 * @property {number | null} you
 * @property {number} round
 * @property {string} phase
 * @property {number} turn
 * @property {number} turns
 * @property {number} actions_taken
 * @property {string[] | null} hand
 * @property {number[]} hand_sizes
 * @property {number} hand_limit
 * @property {boolean} may_lay_single
 * @property {string | null} my_first_batch
 * @property {boolean[]} first_turn_begun
 * @property {Batch[][]} stacks
 * @property {string[]} discard
 * @property {boolean} discard_row
 * @property {string[]} usable_discards
 * @property {number} deck
 * @property {boolean} deck_out
 * @property {number | null} top_half_left
 * @property {number} mixers_in_deck
 * @property {string[]} mixer_discard
 * @property {number[]} waiting_enhance
 * @property {number[]} crumbs
 * @property {number[]} dough
 * @property {Duel | null} duel
 * @property {{card: string, player: number} | null} mixer
 * @property {number[]} exchange_in_transit
 * @property {Array<[number, number]>} takers
 * @property {number} exchange_count
 * @property {Array<[number, number | null]>} draw_queue
 * @property {string} resume
 * @property {number[]} defenders_to_draw
 * @property {number | null} forbidden_batch
 * @property {{extra_strength: boolean, two_actions: boolean, mixers: boolean, match: string}} options
 * @property {number[]} totals
 * @property {number[]} round_wins
 * @property {number[]} last_scores
 * @property {number[]} winners
 */

export {};
