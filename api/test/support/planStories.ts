/**
 * A well-behaved model's answer to a brainstorm plan: a whole story as JSON, for the loopback fake model of the plan
 * tests and the brainstorm bench. Two characters and two chapters: with the cover, five pictures.
 */
export const NIGHT_FERRY_ANSWER = JSON.stringify({
  story_name: 'The Night Ferry',
  introduction: 'A ferry that only sails at midnight.',
  summary: 'Passengers of a midnight ferry uncover why it never reaches the far shore.',
  characters: [
    { character_name: 'Ines', settings: 'The ferry captain, who has sailed this route for forty years.', style: '"Hold on to the rail."', appearance: 'An old captain with a lantern' },
    { character_name: 'Pavel', settings: 'A passenger who keeps checking his pocket watch.', style: '"We are late. We are always late."', appearance: 'A nervous man with a pocket watch' },
  ],
  player: { character_name: '', settings: 'A passenger with no ticket.' },
  prologue: { speaker_name: 'Ines', content: 'No ticket? Then you had better tell me why you are aboard.' },
  nodes: [
    { name: 'Deck', content: 'The ferry leaves the dock at midnight.', ending_content: 'Ask Ines where the ferry goes.', scene: 'A ferry deck at night' },
    { name: 'Engine', content: 'Below deck the engine runs with no one tending it.', ending_content: 'Stop the engine with Pavel.', scene: 'An old engine room' },
  ],
});
