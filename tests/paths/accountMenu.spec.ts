import { driver } from './accountMenu.driver'
import { drivePaths } from './runner'

drivePaths(driver)
