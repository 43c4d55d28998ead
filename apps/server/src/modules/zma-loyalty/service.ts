/**
 * The loyalty module's face (issue 14 #3–#5): branches, gift inventory and vouchers, branch stock,
 * gift codes and their lifecycle. Other modules import from here only.
 */
export {};
