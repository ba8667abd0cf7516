//! Rule tests of Crazy Eights.
