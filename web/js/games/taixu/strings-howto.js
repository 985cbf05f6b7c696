// TAIXU's How to play page in English and Brazilian Portuguese (howto.js; written from
// ../shared/rules/taixu.md and the Portuguese manual). strings.js merges these keys into the
// game's strings, so both languages are checked to have the same ones.

export const HOWTO_EN = {
  'howto.summary':
    'TAIXU is a duel on an 8×8 board. Each turn you spend Power Cells (PC) to summon pieces onto your home edge, move them, calm them down or swap them. Every move charges a piece: charge extends its reach and wins fights, but a piece that reaches charge 5 explodes and shakes its neighbours. Gather three charged pieces in the purple Core to win.',
  'howto.goal.title': 'Goal',
  'howto.goal.1':
    'Singularity: you win at once when three of your pieces with charge 2 or more stand on the four purple Core squares (d4, e4, d5, e5).',
  'howto.goal.2':
    'Extermination: a player with no piece on the board and none in reserve loses. Destroyed pieces normally return to their owner\'s reserve, so this only happens when the match option "Destroyed pieces: leave the game" is chosen.',
  'howto.goal.fig':
    'Player 1 moved d6 → d5 (highlighted): with d4, e4 and d5 at charge 2 or more in the Core, that is a Singularity.',
  'howto.turn.title': 'Your turn: Power Cells',
  'howto.turn.1':
    'Player 1 starts. Each turn you receive PC to spend: 5 in rounds 1–5, then one more every 5 rounds, up to 8, plus any bonus you earned. PC you do not spend is lost. Take as many actions as you can pay for:',
  'howto.turn.summon':
    'Summon (2 PC, +1 for every 4 of your pieces already on the board): a new piece at charge 0 on an empty square of your home edge (rank 8 for Player 1, rank 1 for Player 2), from your reserve.',
  'howto.turn.move': 'Shift (1 PC): move one of your pieces (see below).',
  'howto.turn.stabilize': 'Stabilize (2 PC): bring one of your pieces back to charge 0.',
  'howto.turn.swap':
    'Distortion (3 PC): two of your pieces anywhere swap places, keeping their charges. It is free when one of them stands on a Free Distortion anomaly.',
  'howto.turn.end': 'End turn, or your turn ends by itself when you have nothing left to do (for example at 0 PC).',
  'howto.move.title': 'Moving and charge',
  'howto.move.1':
    'A piece moves in a straight line without jumping over pieces; how far depends on its charge. Arriving on a square adds +1 charge, and +1 more on a golden Energy Zone (c3, f3, c6, f6).',
  'howto.move.c0': 'Charge 0: 1 square, straight (not diagonal).',
  'howto.move.c1': 'Charge 1: up to 2 squares, straight.',
  'howto.move.c2': 'Charge 2: up to 2 squares, straight or diagonal.',
  'howto.move.c3': 'Charge 3 or 4: up to 3 squares, straight or diagonal. Charge 4 is the last safe level.',
  'howto.move.fig':
    'The piece on e6 has charge 2: it may go to every highlighted square, up to 2 squares in any of the 8 directions. It stops before its own piece on g8 and cannot attack the stronger enemy on e4.',
  'howto.combat.title': 'Combat',
  'howto.combat.1':
    "Moving onto an enemy piece compares the charges before the move. A higher charge destroys the enemy (it goes back to its owner's reserve) and takes its square. Equal charges: the attack is repelled, nobody moves and both pieces gain +1 charge. A weaker piece may not attack at all.",
  'howto.combat.fig':
    'The piece on c5 (charge 3) may destroy e5 (charge 2) or attack c3 (charge 3, repelled: both gain +1). It cannot attack a3 (charge 4).',
  'howto.collapse.title': 'Critical Collapse',
  'howto.collapse.1':
    "A piece that reaches charge 5 explodes: it returns to its owner's reserve and a shock wave hits the 8 squares around it. Each piece there loses 1 charge, and a piece already at 0 is destroyed. If that brings another piece to 5, it explodes too: a chain reaction.",
  'howto.collapse.2':
    'Multiple Collapse: when one wave hits 2 or more enemy pieces, the player who caused it gets +1 PC at the start of their next turn.',
  'howto.collapse.fig':
    'f7 (charge 3) steps onto the Energy Zone f6: +1 for arriving, +1 for the zone, charge 5 — it explodes. The wave destroys g5 (charge 0), brings e6 to 0 and e5 to 1: three enemy pieces hit, +1 PC next turn.',
  'howto.places.title': 'Energy Zones and anomalies',
  'howto.places.1':
    'The four golden Energy Zones never move: arriving on one gives +1 extra charge (not by Distortion).',
  'howto.places.2':
    'Anomalies are blinking squares that act on a piece arriving there by a move: Overload (+1 charge), Temporal Echo (+1 PC), Drain (−1 charge), Rift (teleports the piece to an empty square around the Core) and Free Distortion (a swap with a piece on it costs nothing). They start as one in each half of the board, move to new squares and effects every 3 rounds, and grow in number up to 4 per half. Hover an anomaly to read what it does.',
  'howto.places.fig': 'The piece on b7 (charge 1) may reach the Temporal Echo on b5: arriving there gives back 1 PC.',
  'howto.idle.title': 'Keep moving',
  'howto.idle.1':
    'The dots under a piece count your turns it has not moved (by Shift or Distortion). At the third, it loses 1 charge and the count starts again. Stabilize does not count as moving.',
};

export const HOWTO_PT = {
  'howto.summary':
    'TAIXU é um duelo num tabuleiro 8×8. A cada turno você gasta Células de Energia (PC) para invocar peças na sua borda, deslocá-las, estabilizá-las ou trocá-las de lugar. Cada deslocamento carrega a peça: a Carga aumenta o alcance e vence os combates, mas a peça que chega à Carga 5 explode e abala as vizinhas. Junte três peças carregadas no Núcleo roxo para vencer.',
  'howto.goal.title': 'Objetivo',
  'howto.goal.1':
    'Singularidade: você vence na hora quando três peças suas com Carga 2 ou mais estão nas quatro casas roxas do Núcleo (d4, e4, d5, e5).',
  'howto.goal.2':
    'Extermínio: perde quem não tem peça no tabuleiro nem na reserva. Peças destruídas normalmente voltam para a reserva do dono, então isso só acontece com a opção da partida "Peças destruídas: saem do jogo".',
  'howto.goal.fig':
    'O Jogador 1 deslocou d6 → d5 (destacado): com d4, e4 e d5 de Carga 2 ou mais no Núcleo, é Singularidade.',
  'howto.turn.title': 'Seu turno: Células de Energia',
  'howto.turn.1':
    'O Jogador 1 começa. A cada turno você recebe PC para gastar: 5 nas rodadas 1–5, depois mais um a cada 5 rodadas, até 8, mais algum bônus conquistado. PC não gasto é perdido. Faça quantas ações puder pagar:',
  'howto.turn.summon':
    'Invocar (2 PC, +1 a cada 4 peças suas já no tabuleiro): uma peça nova de Carga 0 numa casa vazia da sua borda (linha 8 para o Jogador 1, linha 1 para o Jogador 2), tirada da reserva.',
  'howto.turn.move': 'Deslocar (1 PC): move uma peça sua (veja abaixo).',
  'howto.turn.stabilize': 'Estabilizar (2 PC): zera a Carga de uma peça sua.',
  'howto.turn.swap':
    'Distorção (3 PC): duas peças suas, em qualquer lugar, trocam de posição mantendo a Carga. É grátis quando uma delas está numa anomalia de Distorção Livre.',
  'howto.turn.end': 'Finalizar Turno, ou o turno passa sozinho quando não há mais nada a fazer (por exemplo com 0 PC).',
  'howto.move.title': 'Deslocar e Carga',
  'howto.move.1':
    'A peça anda em linha reta sem saltar outras peças; a distância depende da Carga. Chegar numa casa dá +1 de Carga, e +1 a mais numa Zona de Energia dourada (c3, f3, c6, f6).',
  'howto.move.c0': 'Carga 0: 1 casa, reto (não na diagonal).',
  'howto.move.c1': 'Carga 1: até 2 casas, reto.',
  'howto.move.c2': 'Carga 2: até 2 casas, reto ou na diagonal.',
  'howto.move.c3': 'Carga 3 ou 4: até 3 casas, reto ou na diagonal. Carga 4 é o último nível seguro.',
  'howto.move.fig':
    'A peça em e6 tem Carga 2: pode ir a todas as casas destacadas, até 2 casas nas 8 direções. Ela para antes da própria peça em g8 e não pode atacar a inimiga mais forte em e4.',
  'howto.combat.title': 'Combate',
  'howto.combat.1':
    'Deslocar sobre uma peça inimiga compara as Cargas de antes do lance. Carga maior destrói a inimiga (ela volta à reserva do dono) e ocupa a casa. Cargas iguais: o ataque é repelido, ninguém se move e as duas peças ganham +1 de Carga. Uma peça mais fraca não pode atacar.',
  'howto.combat.fig':
    'A peça em c5 (Carga 3) pode destruir e5 (Carga 2) ou atacar c3 (Carga 3: repelido, as duas ganham +1). Não pode atacar a3 (Carga 4).',
  'howto.collapse.title': 'Colapso Crítico',
  'howto.collapse.1':
    'A peça que chega à Carga 5 explode: volta à reserva do dono e uma onda de choque atinge as 8 casas ao redor. Cada peça ali perde 1 de Carga, e a que já está em 0 é destruída. Se isso levar outra peça a 5, ela também explode: uma reação em cadeia.',
  'howto.collapse.2':
    'Colapso Múltiplo: quando uma onda atinge 2 ou mais peças inimigas, quem a provocou ganha +1 PC no início do próximo turno.',
  'howto.collapse.fig':
    'f7 (Carga 3) entra na Zona de Energia f6: +1 por chegar, +1 pela Zona, Carga 5 — ela explode. A onda destrói g5 (Carga 0), leva e6 a 0 e e5 a 1: três peças inimigas atingidas, +1 PC no próximo turno.',
  'howto.places.title': 'Zonas de Energia e anomalias',
  'howto.places.1':
    'As quatro Zonas de Energia douradas nunca mudam: chegar numa delas dá +1 de Carga extra (não vale para a Distorção).',
  'howto.places.2':
    'Anomalias são casas piscantes que agem sobre a peça que chega nelas deslocando: Sobrecarga (+1 de Carga), Eco Temporal (+1 PC), Dreno (−1 de Carga), Fenda (teleporta a peça para uma casa vazia ao redor do Núcleo) e Distorção Livre (trocar com uma peça ali não custa nada). Começam uma em cada metade do tabuleiro, mudam de casa e de efeito a cada 3 rodadas e aumentam até 4 por metade. Passe o mouse sobre uma anomalia para ler o que ela faz.',
  'howto.places.fig': 'A peça em b7 (Carga 1) pode chegar ao Eco Temporal em b5: chegar ali devolve 1 PC.',
  'howto.idle.title': 'Mantenha-se em movimento',
  'howto.idle.1':
    'Os pontos sob uma peça contam seus turnos em que ela não se moveu (por Deslocar ou Distorção). No terceiro, ela perde 1 de Carga e a contagem recomeça. Estabilizar não conta como movimento.',
};
