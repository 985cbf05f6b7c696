// Cyvasse's How to play page in English and Brazilian Portuguese (howto.js; written from
// ../shared/rules/cyvasse.md and the Portuguese original). strings.js merges these keys into
// the game's strings, so both languages are checked to have the same ones.

export const HOWTO_EN = {
  'howto.summary':
    'Cyvasse is a chess-like battle on a 10×10 board with mountains and water. Both players first set up their 19 pieces in secret; then they move in turn. Pieces wear armor: a piece can only be captured once enough enemies attack it. Capture the enemy King to win.',
  'howto.goal.title': 'Goal',
  'howto.goal.1': 'Capture the enemy King. A player who has no legal move on their turn loses too.',
  'howto.goal.2': 'After 100 turns in a row without a capture (a match option) the game is a draw.',
  'howto.setup.title': 'The board and the set-up',
  'howto.setup.1':
    'White sits at rank 1 and moves first; Black sits at rank 10. Mountains and water lie in the middle ranks: nobody stops on a mountain and only the Dragon crosses one; a piece entering water stops there for this turn.',
  'howto.setup.2':
    'Before play, each player places all 19 pieces on their own four ranks, in secret. The opponent learns nothing until both are ready; then both armies are revealed at once. "Standard" and "Random" place a whole army in one click.',
  'howto.setup.fig':
    "White's standard formation. The Tower on f1 protects its neighbours (blue rings); the Trebuchet and the Crossbows have no armor (red 0).",
  'howto.army.title': 'The army',
  'howto.army.1': 'Each kind has its armor, how many steps it moves and how far it attacks:',
  'howto.army.king': '♚ King (1): armor 1, move 1, attack 1. Losing it loses the game.',
  'howto.army.tower':
    '♜ Tower (1): armor 2. Never moves, never attacks; its own pieces on the 8 squares around it cannot be captured.',
  'howto.army.dragon':
    '♆ Dragon (1): armor 2, move 4, attack 2. Flies over mountains; water and spear zones do not stop it.',
  'howto.army.trebuchet':
    '☄ Trebuchet (1): armor 0, move 1. Attacks and captures 2 to 4 squares away over anything, without moving.',
  'howto.army.crossbow': '➶ Crossbow (2): armor 0, move 2, attack 3. Never captures.',
  'howto.army.elephant': '♝ Elephant (2): armor 2, move 1, attack 2. Cannot pass through its own pieces.',
  'howto.army.heavy_horse': '♞ Heavy horse (2): armor 2, move 2, attack 1.',
  'howto.army.light_horse': '♘ Light horse (2): armor 1, move 3, attack 1.',
  'howto.army.spearman':
    '↟ Spearman (3): armor 1, move 1. Attacks only the 2 squares straight ahead, its spear zone: an enemy entering it must stop.',
  'howto.army.militia': '♟ Militia (4): armor 1, move 1, attack 1.',
  'howto.move.title': 'Moving',
  'howto.move.1':
    'One move per turn. A piece walks up to its move value in king steps (to any of the 8 neighbouring squares each time; the path may turn). It may pass through its own pieces (not the Elephant), never through enemies or mountains, and must stop on an empty square.',
  'howto.move.2':
    'Entering water or an enemy spear zone ends the walk there. Click one of your pieces to see where it can go; hover a square to see which enemies attack it.',
  'howto.move.fig':
    'The Light horse on d3 (move 3) may walk to every highlighted square: through its own Militia on d4, around the enemy on f4 and the mountain on e5. The water on d5 would end its walk.',
  'howto.armor.title': 'Attack, armor and capture',
  'howto.armor.1':
    "A piece attacks an enemy on one of its 8 straight lines within its attack range, when nothing but its own pieces stands between (not for the Elephant), and no mountain. Each attacking enemy lowers a piece's armor by one: the badge shows what is left, red once it reaches 0.",
  'howto.armor.2':
    'A piece with no armor left can be captured, unless its own Tower stands next to it. Any piece may capture it by moving onto it in one straight line, within its move value, even one that does not attack it.',
  'howto.armor.fig':
    "The Heavy horse on g4 (armor 2) is attacked by the Dragon on g2 (over its own Militia) and by the Militia on g3: armor 0. The Light horse on d4 may capture it along rank 4 (orange). Black's King on c8 stands next to its Tower: it cannot be captured.",
  'howto.special.title': 'The Trebuchet, the Crossbow and the Tower',
  'howto.special.1':
    'The Trebuchet captures only by shooting: an enemy with no armor left 2 to 4 squares away on a straight line, over pieces and mountains, while the Trebuchet stays where it is. The Crossbow attacks up to 3 squares away but never captures. The Tower never moves.',
  'howto.special.fig':
    'The Trebuchet on e3 attacks the Militia on e6 over the mountain on e5, bringing its armor to 0, and may shoot it (orange) without moving.',
};

export const HOWTO_PT = {
  'howto.summary':
    'Cyvasse é uma batalha parecida com o xadrez num tabuleiro 10×10 com montanhas e água. Primeiro os dois jogadores posicionam em segredo as suas 19 peças; depois jogam alternadamente. As peças têm armadura: uma peça só pode ser capturada quando inimigas suficientes a atacam. Capture o Rei inimigo para vencer.',
  'howto.goal.title': 'Objetivo',
  'howto.goal.1': 'Capture o Rei inimigo. Quem não tiver lance legal na sua vez também perde.',
  'howto.goal.2': 'Depois de 100 turnos seguidos sem captura (uma opção da partida) o jogo empata.',
  'howto.setup.title': 'O tabuleiro e a formação',
  'howto.setup.1':
    'As Brancas ficam na linha 1 e começam; as Pretas ficam na linha 10. Montanhas e água ficam nas linhas do meio: ninguém para numa montanha e só o Dragão passa por cima; a peça que entra na água para ali neste turno.',
  'howto.setup.2':
    'Antes de jogar, cada jogador posiciona as 19 peças nas suas quatro fileiras, em segredo. O adversário não vê nada até os dois estarem prontos; então os dois exércitos são revelados ao mesmo tempo. "Padrão" e "Aleatória" posicionam o exército inteiro com um clique.',
  'howto.setup.fig':
    'A formação padrão das Brancas. A Torre em f1 protege as vizinhas (anéis azuis); o Trebuchet e as Bestas não têm armadura (0 vermelho).',
  'howto.army.title': 'O exército',
  'howto.army.1': 'Cada tipo tem a sua armadura, quantos passos anda e até onde ataca:',
  'howto.army.king': '♚ Rei (1): armadura 1, movimento 1, ataque 1. Perdê-lo perde o jogo.',
  'howto.army.tower':
    '♜ Torre (1): armadura 2. Nunca se move, nunca ataca; as peças da mesma cor nas 8 casas ao redor dela não podem ser capturadas.',
  'howto.army.dragon':
    '♆ Dragão (1): armadura 2, movimento 4, ataque 2. Voa sobre montanhas; água e zonas de lança não o param.',
  'howto.army.trebuchet':
    '☄ Trebuchet (1): armadura 0, movimento 1. Ataca e captura a 2–4 casas, por cima de tudo, sem se mover.',
  'howto.army.crossbow': '➶ Besta (2): armadura 0, movimento 2, ataque 3. Nunca captura.',
  'howto.army.elephant': '♝ Elefante (2): armadura 2, movimento 1, ataque 2. Não passa pelas próprias peças.',
  'howto.army.heavy_horse': '♞ Cavaleiro pesado (2): armadura 2, movimento 2, ataque 1.',
  'howto.army.light_horse': '♘ Cavaleiro leve (2): armadura 1, movimento 3, ataque 1.',
  'howto.army.spearman':
    '↟ Lanceiro (3): armadura 1, movimento 1. Ataca só as 2 casas bem à frente, a sua zona de lança: o inimigo que entra nela tem de parar.',
  'howto.army.militia': '♟ Miliciano (4): armadura 1, movimento 1, ataque 1.',
  'howto.move.title': 'Movimento',
  'howto.move.1':
    'Um lance por turno. A peça anda até o seu valor de movimento em passos de rei (para qualquer das 8 casas vizinhas a cada passo; o caminho pode virar). Pode passar pelas próprias peças (o Elefante não), nunca por inimigas nem montanhas, e tem de parar numa casa vazia.',
  'howto.move.2':
    'Entrar na água ou numa zona de lança inimiga encerra o caminho ali. Clique numa peça sua para ver aonde ela pode ir; passe o mouse sobre uma casa para ver quais inimigas a atacam.',
  'howto.move.fig':
    'O Cavaleiro leve em d3 (movimento 3) pode ir a todas as casas destacadas: passando pelo próprio Miliciano em d4, contornando a inimiga em f4 e a montanha em e5. A água em d5 encerraria o caminho.',
  'howto.armor.title': 'Ataque, armadura e captura',
  'howto.armor.1':
    'Uma peça ataca uma inimiga numa das suas 8 linhas retas dentro do alcance de ataque, quando entre elas só há peças da mesma cor (não para o Elefante) e nenhuma montanha. Cada inimiga que ataca uma peça reduz a armadura dela em um: o selo mostra o que resta, vermelho ao chegar a 0.',
  'howto.armor.2':
    'Uma peça sem armadura pode ser capturada, a não ser que uma Torre da mesma cor esteja ao lado. Qualquer peça pode capturá-la andando até ela em linha reta, dentro do seu movimento, mesmo uma que não a ataca.',
  'howto.armor.fig':
    'O Cavaleiro pesado em g4 (armadura 2) é atacado pelo Dragão em g2 (por cima do próprio Miliciano) e pelo Miliciano em g3: armadura 0. O Cavaleiro leve em d4 pode capturá-lo pela linha 4 (laranja). O Rei das Pretas em c8 está ao lado da sua Torre: não pode ser capturado.',
  'howto.special.title': 'O Trebuchet, a Besta e a Torre',
  'howto.special.1':
    'O Trebuchet só captura atirando: uma inimiga sem armadura a 2–4 casas numa linha reta, por cima de peças e montanhas, sem sair do lugar. A Besta ataca até 3 casas mas nunca captura. A Torre nunca se move.',
  'howto.special.fig':
    'O Trebuchet em e3 ataca o Miliciano em e6 por cima da montanha em e5, levando a armadura dele a 0, e pode atingi-lo (laranja) sem se mover.',
};
