import { driver } from './authPage.driver'
import { drivePaths } from './runner'

drivePaths(driver)
