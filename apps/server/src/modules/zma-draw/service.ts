/**
 * The lucky-draw module's face (issue 14 #6, #7): draws and prizes, play rules and their tester,
 * turns, spins, affiliate campaigns. Other modules import from here only.
 */
export {};
