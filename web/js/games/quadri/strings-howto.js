// QU4DRI's How to play page in English and Brazilian Portuguese (howto.js; written from
// ../shared/rules/quadri.md and the Portuguese "Somando Movimentos" rule book). strings.js
// merges these keys into the game's strings, so both languages are checked to have the same ones.

export const HOWTO_EN = {
  'howto.summary':
    'QU4DRI "Somando Movimentos" is played like draughts on a grid of talismans whose energy values are hidden. Your predictors move and jump diagonally from talisman to talisman; each capture adds to your energy or takes from your opponent\'s, by the value of the talisman it happened on. Both start at 32: reach 64, or bring your opponent to 0.',
  'howto.goal.title': 'Goal',
  'howto.goal.1': 'Both players start with 32 energy. Reach 64 or more to win, or bring your opponent to 0 or less.',
  'howto.goal.2':
    'A player with no predictor left on the grid or in hand loses, and so does a player with no legal action on their turn. 80 actions in a row without a capture (a match option) end the game in a draw.',
  'howto.grid.title': 'The Sacred Grid',
  'howto.grid.1':
    'The play area has 10×10 cells; talismans stand only on the dark ones and touch each other at their corners. The game starts with 32 talismans on the central 8×8 block: Green ones on even ranks, Red ones on odd ranks. The empty ring around them (dashed diamonds) is where talismans may be shifted later.',
  'howto.grid.2':
    'Each talisman has a moon and a direction (N, S, E, W) and a hidden energy value from 1 to 4. On its energy side (the moon up) nobody, not even you, knows its value. Once it shows its location side (framed), its value is shown to everyone for good.',
  'howto.grid.3':
    'Green sits at the bottom and moves first; Red at the top. Each player has 16 predictors: 12 on the talismans of their first three rows and 4 in hand, at most 12 on the grid at once.',
  'howto.turn.title': 'Your turn',
  'howto.turn.1': 'One action per turn:',
  'howto.turn.move':
    'Move: a pawn steps one cell diagonally forward onto an empty talisman; a queen flies any distance along a diagonal over empty talismans.',
  'howto.turn.capture': 'Capture: jump an enemy predictor (see below). When any capture is possible, you must capture.',
  'howto.turn.drop':
    'Drop: put a predictor from your hand on an empty talisman showing its moon (either aura), if you have fewer than 12 on the grid.',
  'howto.turn.flip': "Flip: turn one of your aura's talismans with no predictor on it to its other side.",
  'howto.turn.shift':
    "Shift: move one of your aura's talismans that shows its location side to a neighbouring empty cell (with your own predictor on it, if one stands there). All talismans must stay joined at their corners.",
  'howto.turn.fig':
    "Green's pawn on d4 may step to c5 or e5 (highlighted): diagonally forward, onto an empty talisman.",
  'howto.capture.title': 'Captures',
  'howto.capture.1':
    'A pawn jumps over an adjacent enemy predictor, in any of the 4 diagonal directions (backwards too), onto the empty talisman right behind it. A queen may jump an enemy from afar along a diagonal and land on any empty talisman beyond it. Nobody jumps their own predictors.',
  'howto.capture.2':
    'After a jump, the same predictor must keep jumping while it can; the captured predictors leave the game at the end. With the match option "Must capture the most", only the longest sequences are allowed.',
  'howto.capture.fig':
    'The pawn on c3 must capture: it jumps d4 to land on e5, and from there must go on over f6 to g7. Click each landing in turn.',
  'howto.score.title': 'Energy from captures',
  'howto.score.1':
    "A predictor captured on a talisman of its own aura costs its owner that talisman's value. Captured on a talisman of the other aura, it gives that value to the capturer.",
  'howto.score.2':
    "The talisman it stood on then flips: on its location side, its value is shown to everyone. The energy bars beside the board show both players' energy towards 64.",
  'howto.score.fig':
    'Green may capture e5 (a Red predictor on a Red talisman: Red loses its value) or f4 (a Red predictor on a Green talisman: Green gains its value). The talisman on h2 already shows its value, 3.',
  'howto.promote.title': 'Queens',
  'howto.promote.1':
    "A pawn that ends its move or its whole capture sequence on the grid's last row towards the opponent (no talisman further ahead) becomes a queen. Passing that row in the middle of a sequence does not count, and drops and shifts never promote.",
  'howto.promote.fig':
    "Green's pawn on h8 may step to g9 or i9, the grid's last row: it becomes a queen there, crowned like the one on c5.",
};

export const HOWTO_PT = {
  'howto.summary':
    'QU4DRI "Somando Movimentos" se joga como damas sobre uma grade de talismãs cujos valores de energia estão ocultos. Seus previsores andam e saltam na diagonal de talismã em talismã; cada captura soma à sua energia ou tira da do oponente o valor do talismã onde aconteceu. Os dois começam com 32: chegue a 64, ou leve o oponente a 0.',
  'howto.goal.title': 'Objetivo',
  'howto.goal.1':
    'Os dois jogadores começam com 32 de energia. Chegue a 64 ou mais para vencer, ou leve o oponente a 0 ou menos.',
  'howto.goal.2':
    'Perde quem fica sem previsores na grade e na mão, e também quem não tem ação legal na sua vez. 80 ações seguidas sem captura (uma opção da partida) terminam o jogo empatado.',
  'howto.grid.title': 'A Grade Sagrada',
  'howto.grid.1':
    'A área de jogo tem 10×10 casas; os talismãs ficam só nas escuras e se tocam pelos cantos. O jogo começa com 32 talismãs no bloco central 8×8: os Verdes nas linhas pares, os Vermelhos nas ímpares. O anel vazio ao redor (losangos tracejados) é para onde talismãs podem ser reposicionados depois.',
  'howto.grid.2':
    'Cada talismã tem uma lua e uma direção (N, S, L, O — mostradas como N, S, E, W) e um valor de energia oculto de 1 a 4. No lado de energia (a lua para cima) ninguém, nem você, sabe o valor. Quando ele mostra o lado de localização (com moldura), o valor fica visível para todos, para sempre.',
  'howto.grid.3':
    'O Verde fica embaixo e começa; o Vermelho em cima. Cada jogador tem 16 previsores: 12 sobre os talismãs das suas três primeiras linhas e 4 na mão, no máximo 12 na grade ao mesmo tempo.',
  'howto.turn.title': 'Sua vez',
  'howto.turn.1': 'Uma ação por turno:',
  'howto.turn.move':
    'Mover: um peão anda uma casa na diagonal para a frente até um talismã vazio; uma rainha voa qualquer distância numa diagonal sobre talismãs vazios.',
  'howto.turn.capture':
    'Capturar: saltar um previsor inimigo (veja abaixo). Quando alguma captura é possível, capturar é obrigatório.',
  'howto.turn.drop':
    'Posicionar: colocar um previsor da mão num talismã vazio com a lua para cima (de qualquer aura), se você tiver menos de 12 na grade.',
  'howto.turn.flip': 'Virar: virar um talismã da sua aura sem previsor para o outro lado.',
  'howto.turn.shift':
    'Reposicionar: levar um talismã da sua aura que mostra o lado de localização para uma casa vizinha vazia (com o seu previsor em cima, se houver). Todos os talismãs devem continuar ligados pelos cantos.',
  'howto.turn.fig':
    'O peão Verde em d4 pode ir para c5 ou e5 (destacadas): na diagonal para a frente, até um talismã vazio.',
  'howto.capture.title': 'Capturas',
  'howto.capture.1':
    'Um peão salta um previsor inimigo vizinho, em qualquer das 4 diagonais (para trás também), até o talismã vazio logo atrás dele. Uma rainha pode saltar um inimigo à distância numa diagonal e parar em qualquer talismã vazio depois dele. Ninguém salta os próprios previsores.',
  'howto.capture.2':
    'Depois de um salto, o mesmo previsor deve continuar saltando enquanto puder; os previsores capturados saem do jogo no fim. Com a opção "Captura pela maioria", só valem as sequências mais longas.',
  'howto.capture.fig':
    'O peão em c3 tem de capturar: salta d4 e cai em e5, e dali tem de seguir sobre f6 até g7. Clique em cada casa de chegada, uma por vez.',
  'howto.score.title': 'Energia das capturas',
  'howto.score.1':
    'Um previsor capturado sobre um talismã da própria aura custa ao dono o valor desse talismã. Capturado sobre um talismã da outra aura, dá esse valor a quem capturou.',
  'howto.score.2':
    'O talismã onde ele estava então vira: no lado de localização, o valor fica visível para todos. As barras de energia ao lado do tabuleiro mostram a energia dos dois rumo a 64.',
  'howto.score.fig':
    'O Verde pode capturar e5 (previsor Vermelho sobre talismã Vermelho: o Vermelho perde o valor) ou f4 (previsor Vermelho sobre talismã Verde: o Verde ganha o valor). O talismã em h2 já mostra o seu valor, 3.',
  'howto.promote.title': 'Rainhas',
  'howto.promote.1':
    'Um peão que termina o movimento, ou toda a sequência de capturas, na última linha da grade do lado do oponente (sem talismã mais à frente) vira rainha. Passar por essa linha no meio de uma sequência não conta, e posicionar ou reposicionar nunca promove.',
  'howto.promote.fig':
    'O peão Verde em h8 pode ir para g9 ou i9, a última linha da grade: ali ele vira rainha, coroado como o de c5.',
};
